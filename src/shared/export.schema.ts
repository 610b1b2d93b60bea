// Queries of the exports (issue 10): GET /api/v1/links/export takes the list filters of GET /api/v1/links
// (not its page, per page or sort: every matching link comes out, in id order) and a format; GET
// /api/v1/stats/export takes a date range and optionally one link.
import { z } from 'zod';
import { MAX_ID, queryEnum, queryInt } from './fields';
import { linkListQuerySchema } from './link-list.schema';
import { dateField } from './stats.schema';

export const EXPORT_FORMATS = ['csv', 'json'] as const;

export const linkExportQuerySchema = linkListQuerySchema
  .omit({ page: true, per_page: true, sort: true, sort_by: true })
  .extend({ format: queryEnum(EXPORT_FORMATS, 'csv') });

export type LinkExportQuery = z.output<typeof linkExportQuerySchema>;

/**
 * The columns of the links CSV, in order. Lists are encoded so that one cell holds them: `targets` is the
 * JSON array of {key, value} (as GET /links shows it), `pixel_ids` the ids separated by spaces, `tags` the names separated by ", " (last, so that the earlier
 * columns keep their places). Flags are
 * 0/1; `password` and `redirect_password` say whether one is set (passwords never leave the server).
 */
export const LINK_EXPORT_COLUMNS = [
  'id', 'alias', 'url', 'short_url', 'title', 'status', 'disabled', 'targets_type', 'targets', 'sensitive_content', 'privacy',
  'password', 'redirect_password', 'active_period_start_at', 'active_period_end_at', 'clicks_limit', 'expiration_url', 'clicks',
  'space_id', 'space_name', 'domain_id', 'domain_name', 'pixel_ids', 'created_at', 'updated_at', 'tags',
] as const;

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
