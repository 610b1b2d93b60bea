// The list totals' cache, one per list repository (link-list.repo.ts, pg-link-list.repo.ts): a count of a
// filtered list is kept with the account's version it was counted at (link_counters, bumped by triggers) and,
// for a count that depends on the time, the moment it stops holding. At most 1,000 entries, oldest out first.
import type { LinkListQuery } from '../../shared/link.schema';

/** An `until` no time reaches (ISO times compare as strings). */
const NEVER = '\uffff';

export class CountCache<V extends string | number> {
  private readonly entries = new Map<string, { version: V; total: number; until: string }>();

  /** The count under `key` if it was counted at `version` and, given `now`, still holds then. */
  get(key: string, version: V, now?: string): number | undefined {
    const hit = this.entries.get(key);
    return hit && hit.version === version && (now === undefined || now < hit.until) ? hit.total : undefined;
  }

  /** `until`: the first moment the count may no longer hold (null or absent: never by time alone). */
  set(key: string, version: V, total: number, until?: string | null): void {
    if (this.entries.size >= 1000) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { version, total, until: until ?? NEVER });
  }
}

/** The key of one count (`part`: all, disabled, expired) of an account's list under the filters of `q`. */
export function countKey(userId: number, part: string, q: LinkListQuery, tags: string): string {
  return [userId, part, q.search_by, q.search ?? '', q.space_id, q.domain_id, q.pixel_id, q.tag_mode, tags].join('\u0000');
}
