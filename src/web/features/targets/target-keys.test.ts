import { describe, expect, it } from 'vitest';
import { TARGETS_TYPES } from '../../../shared/enums';
import { normaliseTargetKey } from '../../../shared/targets';
import { COUNTRY_OPTIONS, LANGUAGE_OPTIONS, filterKeyOptions, formatShare, keyLabel, keyOptions } from './target-keys';

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

  it('labels and shares for display', () => {
    expect(keyLabel('continents', 'EU')).toBe('Europe (EU)');
    expect(keyLabel('rotations', '')).toBe('weight 1');
    expect(keyLabel(null, 'x')).toBe('x');
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(formatShare(0.5)).toBe('50%');
    expect(formatShare(0.125)).toBe('12.5%');
  });
});
