import { describe, expect, it } from 'vitest';
import { byTagName, defaultTagColor, tagKey, tagNamesField } from './tag.schema';
import { linkListQuerySchema } from './link-list.schema';

describe('tag names and the tag filter', () => {
  it('reads tags[] as names: trimmed, repeats ignoring case dropped, an empty value clears', () => {
    expect(tagNamesField.parse([' Spring ', 'spring', 'Ads'])).toEqual(['Spring', 'Ads']);
    expect(tagNamesField.parse('')).toEqual([]);
    expect(tagNamesField.parse([''])).toEqual([]);
    expect(tagNamesField.parse('one')).toEqual(['one']);
    expect(tagNamesField.parse({ 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
    const bad = tagNamesField.safeParse(['ok', 'a,b', 'x'.repeat(41)]);
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['1', '2']);
  });

  it('takes the list filter comma-separated or repeated, case-insensitively unique; any is the default mode', () => {
    const q = linkListQuerySchema.parse({ tag: ['red, Blue', 'RED', ' '], tag_mode: 'all' });
    expect(q.tag).toEqual(['red', 'Blue']);
    expect(q.tag_mode).toBe('all');
    expect(linkListQuerySchema.parse({}).tag).toBeUndefined();
    expect(linkListQuerySchema.parse({ tag: ',' }).tag).toBeUndefined();
    expect(linkListQuerySchema.parse({}).tag_mode).toBe('any');
    expect(linkListQuerySchema.safeParse({ tag_mode: 'some' }).success).toBe(false);
  });

  it('folds case with Unicode rules, gives new tags a stable colour 1-6, sorts by name ignoring case', () => {
    expect(tagKey(' ÉTÉ ')).toBe('été');
    const colors = ['a', 'b', 'spring', 'Spring', 'été'].map(defaultTagColor);
    expect(colors.every((c) => c >= 1 && c <= 6)).toBe(true);
    expect(colors[2]).toBe(colors[3]);
    expect([{ name: 'beta' }, { name: 'Alpha' }, { name: 'alpha' }].sort(byTagName).map((t) => t.name)).toEqual(['Alpha', 'alpha', 'beta']);
  });
});
