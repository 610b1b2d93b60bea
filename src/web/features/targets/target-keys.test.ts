import { describe, expect, it } from 'vitest';
import { TARGETS_TYPES } from '../../../shared/enums';
import { normaliseTargetKey } from '../../../shared/targets';
import { COUNTRY_OPTIONS, LANGUAGE_OPTIONS, filterKeyOptions, formatShare, keyLabel, keyOptions, keySearchTerms } from './target-keys';
import { REGIONAL_LANGUAGE_TAGS, languageTagName } from './key-aliases';
import { preferredLanguage } from '../../../shared/accept-language';

describe('target key options', () => {
  it('every option of every type is a key the shared rules accept as it is', () => {
    for (const type of TARGETS_TYPES) {
      for (const o of keyOptions(type)) expect(normaliseTargetKey(type, o.value)).toBe(o.value);
    }
    expect(keyOptions('rotations')).toEqual([]);
  });

  it('countries are searchable by name and by code, the exact code first', () => {
    expect(filterKeyOptions(COUNTRY_OPTIONS, 'germ').map((o) => o.value)).toContain('DE');
    const byCode = filterKeyOptions(COUNTRY_OPTIONS, 'de');
    expect(byCode[0]?.value).toBe('DE');
    expect(byCode.length).toBeGreaterThan(1);
    expect(COUNTRY_OPTIONS.find((o) => o.value === 'FR')?.label).toMatch(/France \(FR\)$/);
  });

  it('languages are searchable by native name', () => {
    expect(filterKeyOptions(LANGUAGE_OPTIONS, 'deutsch').map((o) => o.value)).toEqual(['de']);
  });

  it('countries are found by common names, aliases and native names', () => {
    const find = (q: string) => filterKeyOptions(COUNTRY_OPTIONS, q, keySearchTerms('countries')).map((o) => o.value);
    expect(find('UK')[0]).toBe('GB');
    expect(find('england')).toEqual(['GB']);
    expect(find('USA')[0]).toBe('US');
    expect(find('Holland')).toEqual(['NL']);
    expect(find('Deutschland')).toEqual(['DE']);
    expect(find('turkiye')).toEqual(['TR']);
    expect(find('Turkey')).toEqual(['TR']);
    expect(find('Burma')).toEqual(['MM']);
    // names come before aliases: "korea" lists both Koreas by name first
    expect(find('korea').slice(0, 2).sort()).toEqual(['KP', 'KR']);
    // without the terms, only names and codes match
    expect(filterKeyOptions(COUNTRY_OPTIONS, 'Holland')).toEqual([]);
  });

  it('languages are found by the regional tags browsers send, matched to the primary code as the redirect does', () => {
    const find = (q: string) => filterKeyOptions(LANGUAGE_OPTIONS, q, keySearchTerms('languages')).map((o) => o.value);
    expect(find('pt-BR')).toEqual(['pt']);
    expect(find('pt_br')).toEqual(['pt']);
    expect(find('zh-TW')).toEqual(['zh']);
    expect(find('en-US')).toEqual(['en']);
    expect(find('brazilian')).toEqual(['pt']);
    for (const tag of REGIONAL_LANGUAGE_TAGS) {
      const primary = preferredLanguage(tag);
      expect(find(tag), tag).toEqual([primary]);
      expect(LANGUAGE_OPTIONS.some((o) => o.value === primary), tag).toBe(true);
    }
    expect(languageTagName('pt-BR')).toBe('Brazilian Portuguese');
  });

  it('labels and shares for display', () => {
    expect(keyLabel('continents', 'EU')).toBe('Europe (EU)');
    expect(keyLabel('rotations', '')).toBe('weight 1');
    expect(keyLabel(null, 'x')).toBe('x');
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(formatShare(0.5)).toBe('50%');
    expect(formatShare(0.125)).toBe('12.5%');
  });
});
