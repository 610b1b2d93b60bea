import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../shared/geo-data';
import { flagUrl } from './country-flag';

describe('flagUrl', () => {
  it('has an SVG flag for every country the dashboard lists, whatever the case of its code', () => {
    const missing = COUNTRIES.filter((c) => !flagUrl(c.code)).map((c) => c.code);
    expect(missing).toEqual([]);
    expect(flagUrl('de')).toBe(flagUrl('DE'));
    expect(flagUrl('DE')).toMatch(/DE\.svg/);
  });

  it('has none for what is not a country code', () => {
    for (const code of ['', 'XX', 'DEU', 'D', '../DE', 'de ']) expect(flagUrl(code)).toBeUndefined();
  });
});
