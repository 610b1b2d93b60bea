import { describe, expect, it } from 'vitest';
import { linkFieldLabel, linkFieldMessage, rewriteErrorMessages } from './link-field-messages';
import { fieldPredicate } from '../../lib/field-errors';

const none = { targetsType: null, targets: [] };

describe('link editor messages in the user’s words', () => {
  it('names fields by their labels, never by their API names', () => {
    expect(linkFieldMessage('active_period_end_at', 'must be a date after active_period_start_at.', none)).toBe('End must be after Start.');
    expect(linkFieldMessage('url', 'is required.', none)).toBe('Destination URL is required.');
    expect(linkFieldMessage('alias', fieldPredicate('alias', 'The alias field has already been taken.'), none)).toBe('Alias has already been taken.');
    expect(linkFieldMessage('password', 'is required when privacy is 2 (password).', none)).toBe(
      'Statistics password is required when the statistics page asks for a password.',
    );
    expect(linkFieldMessage('targets_type', fieldPredicate('targets_type', 'The targets_type field is required when targets are given.'), none)).toBe('Targeting is required when targets are given.');
  });

  it('words a rule by its type: required, from the list, used twice (by name)', () => {
    const countries = { targetsType: 'countries' as const, targets: [{ key: 'DE' }, { key: '' }, { key: 'de' }, { key: 'XX' }] };
    expect(linkFieldMessage('targets.1.key', 'must be an ISO 3166-1 alpha-2 country code.', countries)).toBe('Country is required.');
    expect(linkFieldMessage('targets.2.key', 'duplicates targets.0.key (DE).', countries)).toBe('Germany is used twice (rule 1 has it too).');
    expect(linkFieldMessage('targets.3.key', 'must be an ISO 3166-1 alpha-2 country code.', countries)).toBe('Choose a country from the list.');
    expect(linkFieldMessage('targets.0.value', fieldPredicate('targets.0.value', 'The targets.0.value field must be a valid http or https URL.'), countries)).toBe(
      'Destination must be a valid http or https URL.',
    );
    const languages = { targetsType: 'languages' as const, targets: [{ key: 'fr' }, { key: 'FR' }] };
    expect(linkFieldMessage('targets.1.key', 'duplicates targets.0.key (fr).', languages)).toBe('French is used twice (rule 1 has it too).');
    const rotations = { targetsType: 'rotations' as const, targets: [{ key: '' }] };
    expect(linkFieldMessage('targets.0.key', 'is required: a whole number from 1 to 100.', rotations)).toBe('Weight is required: a whole number from 1 to 100.');
  });

  it('labels fields for a list, with their rule', () => {
    expect(linkFieldLabel('targets.1.key', 'devices', true)).toBe('Rule 2 device');
    expect(linkFieldLabel('targets.0.value', 'devices', true)).toBe('Rule 1 destination');
    expect(linkFieldLabel('clicks_limit', null, true)).toBe('Clicks limit');
  });

  it('rewrites a react-hook-form errors tree in place', () => {
    const errors: Record<string, unknown> = {
      url: { type: 'custom', message: 'must be a valid http or https URL.' },
      targets: [undefined, { key: { type: 'custom', message: 'duplicates targets.0.key (US).' } }],
    };
    rewriteErrorMessages(errors, { targetsType: 'countries', targets: [{ key: 'US' }, { key: 'US' }] });
    expect(errors).toEqual({
      url: { type: 'custom', message: 'Destination URL must be a valid http or https URL.' },
      targets: [undefined, { key: { type: 'custom', message: 'United States is used twice (rule 1 has it too).' } }],
    });
  });
});
