// Tags: per account, any number per link. Names are 1 to 40 characters, trimmed, without commas
// (the list filter and the CSV export join names with commas), unique per account ignoring case; colour
// 1-6, the spaces' palette. One schema for the API and the dashboard.
import { z } from 'zod';
import { intField, typedText } from './fields';
import { listQuery } from './list-query';
import type { linkTagObject } from './objects/link.object';
import type { tagObject } from './objects/tag.object';

export const TAG_NAME_MAX = 40;
export const TAGS_PER_LINK_MAX = 20;

export const tagNameField = typedText(
  z
    .string({ error: (iss) => (iss.code === 'invalid_type' ? 'must be a text.' : undefined) })
    .trim()
    .min(1)
    .max(TAG_NAME_MAX)
    .refine((v) => !v.includes(','), { error: 'must not contain commas.' }),
);

const colorField = intField(1, 6);

/** The key that makes names unique per account: case folded with Unicode rules (the server stores it). */
export function tagKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A stable colour for a tag created on the fly (from a link's tags), so that new tags do not all look alike. */
export function defaultTagColor(name: string): number {
  let h = 0;
  for (const ch of tagKey(name)) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return (h % 6) + 1;
}

/** Names without repeats (ignoring case), in the order given. */
export function uniqueTagNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const k = tagKey(n);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A list of tag names in a body: `tags[]=a&tags[]=b` (form), ["a", "b"] (JSON); '' or null clears (an empty
 * list). Errors name the entry (`tags.3`).
 */
export const tagNamesField = z.preprocess(
  (v) => {
    const list = v === '' || v === null ? [] : Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : [v];
    return list.length === 1 && list[0] === '' ? [] : list; // a form's lone empty `tags[]=` clears too
  },
  z
    .array(tagNameField, { error: 'must be a list of tag names.' })
    .max(TAGS_PER_LINK_MAX, { error: `must not have more than ${TAGS_PER_LINK_MAX} tags.` })
    .transform(uniqueTagNames),
);

export const tagCreateSchema = z.object({ name: tagNameField, color: colorField.optional() });
export const tagUpdateSchema = z.object({ name: tagNameField.optional(), color: colorField.optional() });
export const tagListQuerySchema = z.object(listQuery(['name'], ['id', 'name']));

export type TagCreate = z.output<typeof tagCreateSchema>;
export type TagUpdate = z.output<typeof tagUpdateSchema>;
export type TagListQuery = z.output<typeof tagListQuerySchema>;

/** A tag as a link shows it. */
export type LinkTag = z.output<typeof linkTagObject>;
export type Tag = z.output<typeof tagObject>;

/** Sorted by name as the API returns a link's tags: case-insensitively, then as written. */
export function byTagName(a: { name: string }, b: { name: string }): number {
  const ka = tagKey(a.name);
  const kb = tagKey(b.name);
  return ka < kb ? -1 : ka > kb ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
