// The list's caches, one of each per list repository (link-list-counts.ts, link-list.policy.ts; either database):
// a count of a filtered list (or the ids of the tags it names) is kept with the account's version it was read at
// (link_counters, bumped by triggers) and, for a count that depends on the time, the moment it stops holding. At
// most 1,000 entries, oldest out first.
import type { LinkListQuery } from '../../shared/link.schema';

/** An `until` no time reaches (ISO times compare as strings). */
const NEVER = '\uffff';

export class CountCache<T = number> {
  private readonly entries = new Map<string, { version: string; value: T; until: string }>();

  /** The value under `key` if it was read at `version` and, given `now`, still holds then. */
  get(key: string, version: string, now?: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.version === version && (now === undefined || now < hit.until) ? hit.value : undefined;
  }

  /** `until`: the first moment the value may no longer hold (null or absent: never by time alone). */
  set(key: string, version: string, value: T, until?: string | null): void {
    if (this.entries.size >= 1000) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { version, value, until: until ?? NEVER });
  }
}

/** The key of one count (`part`: all, or a status) of an account's list under the filters of `q`. */
export function countKey(userId: number, part: string, q: LinkListQuery, tags: string): string {
  return [userId, part, q.search_by, q.search ?? '', q.space_id, q.domain_id, q.pixel_id, q.tag_mode, tags].join('\u0000');
}
