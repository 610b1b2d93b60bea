// "1,234 clicks imported before Oct 1, 2026": the clicks another shortener counted before a link was imported,
// shown beside the clicks counted here, never in their charts (they have no dates). From the `imported` of
// the stats answers, or from a link's imported_clicks and imported_at.
import type { ImportedClicks } from '../../../shared/analytics.schema';
import { formatDate, plural } from '../../components/resource-list/format';

/** The sentence, or null when there are no imported clicks. */
export function importedText(imported: ImportedClicks | undefined, locale?: string): string | null {
  if (!imported || imported.clicks <= 0) return null;
  return `${plural(imported.clicks, 'click')} imported before ${formatDate(imported.before, locale)}`;
}

/** A link's own imported clicks, in the shape of the stats answers' `imported`. */
export function importedOfLink(link: { imported_clicks: number; imported_at: string | null }): ImportedClicks | undefined {
  return link.imported_clicks > 0 && link.imported_at ? { clicks: link.imported_clicks, before: link.imported_at } : undefined;
}
