import { describe, expect, it } from 'vitest';
import { duplicateRuleSentence, fieldLabel, inSentence, keyName, namesInWords, partWords, pathParts, pathWords } from './link-field-labels';

describe('the one map of field labels', () => {
  it('names a field as the editor shows it, and the import’s own fields away from the editor', () => {
    expect(fieldLabel('url')).toBe('Destination URL');
    expect(fieldLabel('active_period_start_at')).toBe('Start');
    expect(fieldLabel('active_period_start_at', 'import')).toBe('Start date');
    expect(fieldLabel('clicks', 'import')).toBe('Starting click count');
    expect(fieldLabel('url', 'import')).toBe('Destination URL');
    expect(fieldLabel('utm_source')).toBe('UTM source');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
  });

  it('puts a label inside a sentence, acronyms kept', () => {
    expect(inSentence('Destination URL')).toBe('destination URL');
    expect(inSentence('URL')).toBe('URL');
  });
});

describe('an issue path in words, never the path', () => {
  it('names a rule, its key by the targeting type, and its destination', () => {
    expect(pathWords('targets.0.value')).toBe('Targeting rules, rule 1, destination');
    expect(pathWords('targets.1.key')).toBe('Targeting rules, rule 2, key');
    expect(pathWords('targets.1.key', { targetsType: 'countries' })).toBe('Targeting rules, rule 2, country');
    expect(pathParts(['targets', 2, 'key'], { targetsType: 'operating_systems' })).toEqual(['Targeting rules', 'rule 3', 'operating system']);
  });

  it('names items of the other lists, plain fields, and the paths of bulk bodies', () => {
    expect(pathWords('tags.2')).toBe('Tags, tag 3');
    expect(pathWords('pixel_ids.0')).toBe('Pixels, pixel 1');
    expect(pathWords('pixel_names.1', { place: 'import' })).toBe('Pixels, pixel 2');
    expect(pathWords('clicks_limit')).toBe('Clicks limit');
    expect(pathWords('links.12.alias')).toBe('Link 13, Alias');
    expect(pathWords('links.0.targets.1.value')).toBe('Link 1, Targeting rules, rule 2, destination');
    expect(pathWords('set.expiration_url')).toBe('Expiration URL');
    expect(pathWords('')).toBe('');
  });

  it('gives the part of a list without its field, and nothing for a plain field', () => {
    expect(partWords('targets.1.value')).toBe('rule 2, destination');
    expect(partWords('tags.0')).toBe('tag 1');
    expect(partWords('url')).toBeNull();
    expect(partWords('set.targets.0.key', { targetsType: 'devices' })).toBe('rule 1, device');
  });
});

describe('names inside a message', () => {
  it('puts API names and paths of a message in words', () => {
    expect(namesInWords('must be a date after active_period_start_at.')).toBe('must be after Start.');
    expect(namesInWords('must be a date after active_period_start_at.', { place: 'import' })).toBe('must be after Start date.');
    expect(namesInWords('The targets.0.value field must be a valid http or https URL.')).toBe('Targeting rules, rule 1, destination must be a valid http or https URL.');
    expect(namesInWords('The utm_source field must not be longer than 200 characters.')).toBe('UTM source must not be longer than 200 characters.');
    expect(namesInWords('is required when privacy is 2 (password).')).toBe('is required when the statistics page asks for a password.');
    expect(namesInWords('duplicates the alias of links.3.')).toBe('duplicates the alias of link 4.');
  });

  it('leaves plain words and the import’s parameters alone', () => {
    expect(namesInWords('must be a valid url.')).toBe('must be a valid url.');
    expect(namesInWords('Send date_format=dmy (day first) or date_format=mdy.')).toBe('Send date_format=dmy (day first) or date_format=mdy.');
  });

  it('says which rule a duplicate key repeats, by the key’s name', () => {
    expect(duplicateRuleSentence('duplicates targets.0.key (DE).', 'countries')).toBe('Germany is used twice (rule 1 has it too).');
    expect(duplicateRuleSentence('duplicates targets.2.key (fr).', null)).toBe('fr is used twice (rule 3 has it too).');
    expect(duplicateRuleSentence('must be a valid URL.', 'countries')).toBeNull();
    expect(keyName('continents', 'eu')).toBe('Europe');
  });
});
