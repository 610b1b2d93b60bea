// Queries of the exports: GET /api/v1/links/export takes the list filters of GET /api/v1/links
// (not its page, per page or sort: every matching link comes out, in id order) and a format; GET
// /api/v1/stats/export takes a date range and optionally one link. And the links file: its
// columns, the column that carries each writable field of a link back into an import, and what it omits.
import { z } from 'zod';
import { MAX_ID, queryEnum, queryInt } from './fields';
import { linkListQuerySchema } from './link-list.schema';
import type { LinkWritableField } from './link.schema';
import { dateField } from './stats.schema';

export const EXPORT_FORMATS = ['csv', 'json'] as const;

export const linkExportQuerySchema = linkListQuerySchema
  .omit({ page: true, per_page: true, sort: true, sort_by: true })
  .extend({ format: queryEnum(EXPORT_FORMATS, 'csv') });

export type LinkExportQuery = z.output<typeof linkExportQuerySchema>;

/**
 * The columns of the links CSV, in order (a new column goes at the end, so that the earlier ones keep their
 * places). Lists are encoded so that one cell holds them: `targets` is the JSON array of {key, value} (as
 * GET /links shows it), `pixel_ids` the ids separated by spaces, `pixel_names` the JSON array of the pixels'
 * names, `tags` the names separated by ", ". Flags are 0/1; `password` and `redirect_password` only say
 * whether one is set (LINK_EXPORT_OMITTED).
 */
export const LINK_EXPORT_COLUMNS = [
  'id', 'alias', 'url', 'short_url', 'title', 'status', 'disabled', 'targets_type', 'targets', 'sensitive_content', 'privacy',
  'password', 'redirect_password', 'active_period_start_at', 'active_period_end_at', 'clicks_limit', 'expiration_url', 'clicks',
  'space_id', 'space_name', 'domain_id', 'domain_name', 'pixel_ids', 'created_at', 'updated_at', 'tags',
  'og_title', 'og_description', 'og_image', 'pixel_names',
] as const;

export type LinkExportColumn = (typeof LINK_EXPORT_COLUMNS)[number];

/**
 * The writable fields of a link that no export carries, and why: the JSON file lists them under `omitted`,
 * the API document and the README say so for the CSV.
 */
export const LINK_EXPORT_OMITTED = {
  password: 'Passwords are never exported: the `password` column (JSON: `password`) only says whether one is set.',
  redirect_password: 'Passwords are never exported: the `redirect_password` column (JSON: `redirect_password`) only says whether one is set.',
} as const satisfies Partial<Record<LinkWritableField, string>>;

/**
 * The CSV column that carries each other writable field of a link (shared/link.schema.ts) into an import:
 * the field's own column, or the name the import matches in the importing account (space, domain, pixels),
 * or the url (the UTM parameters are part of it).
 */
export const LINK_EXPORT_CARRIERS: { readonly [F in Exclude<LinkWritableField, keyof typeof LINK_EXPORT_OMITTED>]: LinkExportColumn } = {
  url: 'url', alias: 'alias', title: 'title', domain_id: 'domain_name', space_id: 'space_name', pixel_ids: 'pixel_names',
  tags: 'tags', sensitive_content: 'sensitive_content', privacy: 'privacy', disabled: 'disabled',
  active_period_start_at: 'active_period_start_at', active_period_end_at: 'active_period_end_at', clicks_limit: 'clicks_limit',
  expiration_url: 'expiration_url', targets_type: 'targets_type', targets: 'targets',
  og_title: 'og_title', og_description: 'og_description', og_image: 'og_image',
  utm_source: 'url', utm_medium: 'url', utm_campaign: 'url', utm_term: 'url', utm_content: 'url',
};

export const clicksExportQuerySchema = z
  .object({ from: dateField, to: dateField, link_id: queryInt(1, MAX_ID) })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be a date after or equal to from.' });
  });

export type ClicksExportQuery = z.output<typeof clicksExportQuerySchema>;

/** The columns of the clicks CSV: one row per recorded click (raw events are kept CLICK_RETENTION_DAYS). */
/** `target`: the rule that served the click (`index:key`, or `default`; none for a link without rules); the unique-visitor marker is never exported. */
export const CLICK_EXPORT_COLUMNS = [
  'link_id', 'alias', 'clicked_at', 'country', 'continent', 'os', 'browser', 'device', 'language', 'referrer',
  'target', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
] as const;
