// The query of GET /links/export for the links list's current filters: the filter fields the shared export
// schema takes (search, search_by, status, space_id, domain_id, pixel_id), not the page, page size or sort.
import { linkExportQuerySchema, type LinkExportQuery } from '../../../shared/export.schema';
import type { LinkListQuery } from '../../../shared/link-list.schema';

export type ExportFormat = LinkExportQuery['format'];

export function exportQuery(list: Partial<LinkListQuery>, format: ExportFormat): Record<string, string | number | string[] | undefined> {
  const out: Record<string, string | number | string[] | undefined> = { format };
  for (const key of Object.keys(linkExportQuerySchema.shape) as (keyof LinkExportQuery)[]) {
    if (key === 'format') continue;
    const value = list[key as keyof LinkListQuery];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    else if (Array.isArray(value) && value.length) out[key] = value;
  }
  // The tag mode only with tags, and only when it is not the default.
  if (!out.tag || out.tag_mode === 'any') delete out.tag_mode;
  return out;
}
