import { expect, it } from 'vitest';
import { importedOfLink, importedText } from './imported-clicks';

it('says how many clicks were imported and before when; nothing when there are none', () => {
  expect(importedText({ clicks: 1234, before: '2026-10-01T08:00:00.000Z' }, 'en')).toBe('1,234 clicks imported before Oct 1, 2026');
  expect(importedText({ clicks: 1, before: '2026-10-01T08:00:00.000Z' }, 'en')).toBe('1 click imported before Oct 1, 2026');
  expect(importedText(undefined)).toBeNull();
  expect(importedText({ clicks: 0, before: '2026-10-01T08:00:00.000Z' })).toBeNull();
});

it("takes a link's own imported clicks in the shape of the stats answers", () => {
  expect(importedOfLink({ imported_clicks: 12, imported_at: '2026-10-01T08:00:00.000Z' })).toEqual({ clicks: 12, before: '2026-10-01T08:00:00.000Z' });
  expect(importedOfLink({ imported_clicks: 0, imported_at: null })).toBeUndefined();
});
