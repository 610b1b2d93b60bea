import { describe, expect, it } from 'vitest';
import { PIXEL_TYPES } from '../../../shared/enums';
import { PIXEL_TYPE_OPTIONS, pixelTypeLabel, pixelValueHint } from './pixel-text';

describe('pixel labels', () => {
  it('label every type of the shared list, and only those', () => {
    expect(PIXEL_TYPE_OPTIONS.map((o) => o.value)).toEqual([...PIXEL_TYPES]);
    for (const o of PIXEL_TYPE_OPTIONS) expect(o.label).not.toBe(o.value);
  });
  it('fall back to the raw value and a generic hint', () => {
    expect(pixelTypeLabel('myspace')).toBe('myspace');
    expect(pixelValueHint(undefined)).toMatch(/letters, digits/);
    expect(pixelValueHint('google-tag-manager')).toMatch(/GTM-/);
  });
});
