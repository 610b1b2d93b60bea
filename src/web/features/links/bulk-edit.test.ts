import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { alreadySo, bulkSetErrors, bulkSetOf, describeSet, emptyBulkEdit, invalidReasons, previewHeadline, withoutSetPrefix, type BulkEditValues } from './bulk-edit';

const values = (v: Partial<BulkEditValues>): BulkEditValues => {
  const base = emptyBulkEdit();
  return { ...base, ...v, change: { ...base.change, ...v.change } };
};

describe('bulkSetOf', () => {
  it('sends only the ticked fields, as the editor sends them, and the tags named', () => {
    expect(bulkSetOf(emptyBulkEdit())).toEqual({});
    // A value typed but not ticked is not sent.
    expect(bulkSetOf(values({ clicks_limit: 5 }))).toEqual({});
    const set = bulkSetOf(
      values({
        active_period_end_at: '2031-01-01T10:00:00.000Z',
        clicks_limit: 500,
        expiration_url: ' https://over.example/ ',
        pixel_ids: ['3', '7'],
        add_tags: ['spring'],
        change: { active_period_end_at: true, clicks_limit: true, expiration_url: true, pixel_ids: true, space_id: false, disabled: false },
      }),
    );
    expect(set).toEqual({ active_period_end_at: '2031-01-01T10:00:00.000Z', clicks_limit: 500, expiration_url: 'https://over.example/', pixel_ids: [3, 7], add_tags: ['spring'] });
  });

  it('a ticked empty field clears it, in the values the API reads as a clear', () => {
    const all = { active_period_end_at: true, clicks_limit: true, expiration_url: true, pixel_ids: true, space_id: true, disabled: true };
    expect(bulkSetOf(values({ change: all }))).toEqual({ active_period_end_at: '', clicks_limit: '', expiration_url: '', pixel_ids: [], space_id: '', disabled: 0 });
    expect(bulkSetErrors(bulkSetOf(values({ change: all })))).toEqual({});
  });
});

describe('bulkSetErrors', () => {
  it("applies the API's rules and words them as the editor does", () => {
    const errors = bulkSetErrors({ clicks_limit: 1_000_000_000, expiration_url: 'ftp://x.example' });
    expect(errors.clicks_limit).toMatch(/^Clicks limit /);
    expect(errors.expiration_url).toBe('Expiration URL must be a valid http or https URL.');
    expect(bulkSetErrors({ clicks_limit: 3, expiration_url: 'https://ok.example/' })).toEqual({});
  });
});

describe('withoutSetPrefix', () => {
  it('names a refused field as the form does, with its predicate', () => {
    const err = withoutSetPrefix(new ApiError(422, 'x', { 'set.pixel_ids.0': ['The set.pixel_ids.0 field must be one of your pixels.'], ids: ['Select links.'] }));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).errors).toEqual({ 'pixel_ids.0': ['must be one of your pixels.'], ids: ['Select links.'] });
    const other = new ApiError(500, 'boom');
    expect(withoutSetPrefix(other)).toBe(other);
  });
});

describe('the dry run in words', () => {
  it('says how many links change and how many would be invalid', () => {
    expect(previewHeadline({ changed: 212, invalid_count: 3 })).toBe('Will change 212 links; 3 would be invalid:');
    expect(previewHeadline({ changed: 1, invalid_count: 0 })).toBe('Will change 1 link.');
    expect(previewHeadline({ changed: 0, invalid_count: 0 })).toBe('Nothing would change: the selected links already have these values.');
    expect(previewHeadline({ changed: 0, invalid_count: 2 })).toBe('Will change 0 links; 2 would be invalid:');
    expect(alreadySo({ count: 215, changed: 210, invalid_count: 3 })).toBe(2);
  });

  it("gives each invalid link's reason with the editor's labels, never the API's field names", () => {
    const link = { id: 1, alias: 'late', short_url: 'http://s/late', errors: { 'set.active_period_end_at': ["must be a date after the link's active_period_start_at."] } };
    expect(invalidReasons(link)).toEqual(["End must be after the link's Start."]);
  });

  it('says what the change sets, field by field, with names for ids', () => {
    const names = { spaces: new Map([[4, 'Launch']]), pixels: new Map([[3, 'Meta (facebook)']]) };
    const lines = describeSet({ clicks_limit: '', pixel_ids: [3, 9], space_id: '4', expiration_url: '', disabled: 1, add_tags: ['a', 'b'] }, names);
    expect(lines).toEqual([
      { label: 'Clicks limit', value: 'none (no limit)' },
      { label: 'Pixels', value: 'Meta (facebook), #9' },
      { label: 'Space', value: 'Launch' },
      { label: 'Expiration URL', value: 'none (cleared)' },
      { label: 'Disabled', value: 'disabled (the short URLs answer 404)' },
      { label: 'Add tags', value: '“a”, “b”' },
    ]);
  });
});
