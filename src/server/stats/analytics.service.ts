// The analytics API's answer (AnalyticsBody) for an account or one link: the period (and the previous
// one with compare=previous) as totals, a time series in the asked zone and interval, and a top list.
// Which reads answer it (analytics.repo.ts): with no dimension filter, the rollups (the series from the
// daily ones in UTC, else from the hourly ones; the top list from the daily ones over the UTC days
// from..to); with one filter and the series in UTC days, grouped by nothing or that dimension, the
// rollups too; anything else from the raw events.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CLICK_DIMENSIONS, DEFAULT_TARGET, type AnalyticsBody, type AnalyticsDimension, type AnalyticsGroup, type AnalyticsPeriod, type AnalyticsPoint, type AnalyticsQuery, type ImportedClicks } from '../../shared/analytics.schema';
import { addDays, dayInZone } from '../../shared/time-zone';
import { fieldError, notFound } from '../http/errors';
import { NONE, sum, type AnalyticsRepo, type AnalyticsScope, type Counted, type RawFilter } from './analytics.repo';
import { HourMapper, periodBuckets, previousPeriod } from './analytics-time';
import { importedClicks } from './imported-clicks.repo';
import { shortUrlOf } from '../domains/domain-url';
import { usableBy } from '../domains/domain-access';

/** What a group's value is shown with: a readable name, and for a link its short URL and title. */
type GroupNames = Pick<AnalyticsGroup, 'label' | 'short_url' | 'title'>;

interface Plan {
  /** null: the filters match nothing (another account's link, or a link outside the asked space). */
  scope: AnalyticsScope | null;
  raw: RawFilter;
  /** The one link asked for, with its space and domain (a top list by link, space or domain is that one row). */
  link: { id: number; space: number; domain: number } | null;
}

export class AnalyticsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AnalyticsRepo,
    /** BASE_URL: the default domain's links' short URLs, and its host the default domain's name. */
    private readonly baseUrl: string,
  ) {}

  /** `pathLinkId`: GET /stats/{link_id} (another account's link is a 404; as a `link_id` filter it matches nothing). */
  async answer(userId: number, q: AnalyticsQuery, pathLinkId?: number, now = Date.now()): Promise<AnalyticsBody> {
    const tz = q.tz ?? 'UTC';
    const to = q.to ?? dayInZone(now, tz);
    const from = q.from ?? addDays(to, -29);
    if (from > to) throw fieldError('from', 'must be a date before or equal to to.');
    if (q.interval === 'hour' && Date.parse(to) - Date.parse(from) > 30 * 86_400_000) throw fieldError('interval', 'can be hour for at most 31 days.');
    const plan = await this.plan(userId, q, pathLinkId);
    const current = await this.period(plan, q, from, to, tz);
    const data: AnalyticsBody['data'] = { ...current, interval: q.interval, time_zone: tz, group_by: q.group_by ?? null };
    if (q.compare === 'previous') {
      const prev = previousPeriod(from, to);
      data.previous = await this.period(plan, q, prev.from, prev.to, tz);
    }
    const imported = await this.imported(plan);
    if (imported) data.imported = imported;
    return { data, status: 200 };
  }

  private async plan(userId: number, q: AnalyticsQuery, pathLinkId?: number): Promise<Plan> {
    const dims = CLICK_DIMENSIONS.flatMap((d) => (q[d] === undefined ? [] : [[d, q[d]] as [AnalyticsDimension, string]]));
    const raw: RawFilter = { userId, spaceId: q.space_id, domainId: q.domain_id, dims };
    const linkId = pathLinkId ?? q.link_id;
    if (linkId === undefined) {
      return { scope: { kind: 'account', userId, spaceId: q.space_id ?? -1, domainId: q.domain_id ?? -1 }, raw, link: null };
    }
    const row = await this.db.selectFrom('links').select(['id', 'space_id', 'domain_id']).where('id', '=', linkId).where('user_id', '=', userId).executeTakeFirst();
    if (!row && pathLinkId !== undefined) throw notFound();
    const link = row ? { id: row.id, space: row.space_id ?? 0, domain: row.domain_id ?? 0 } : null;
    const outside = !link || (q.space_id !== undefined && q.space_id !== link.space) || (q.domain_id !== undefined && q.domain_id !== link.domain);
    return { scope: outside ? null : { kind: 'link', linkId }, raw: { ...raw, linkId }, link };
  }

  /** The imported clicks of the links in scope; a visitor filter leaves them out (they have no visitor details). */
  private async imported(plan: Plan): Promise<ImportedClicks | undefined> {
    const { scope, raw } = plan;
    if (!scope || raw.dims.length) return undefined;
    const only = scope.kind === 'link' ? { linkId: scope.linkId } : { spaceId: raw.spaceId, domainId: raw.domainId };
    return importedClicks(this.db, { userId: raw.userId, ...only });
  }

  private async period(plan: Plan, q: AnalyticsQuery, from: string, to: string, tz: string): Promise<AnalyticsPeriod> {
    const { start, end, buckets } = periodBuckets(from, to, q.interval, tz);
    const utcDays = tz === 'UTC' && q.interval !== 'hour';
    const filter = plan.raw.dims[0];
    const G = q.group_by;
    const fromRollups = plan.raw.dims.length === 0 || (plan.raw.dims.length === 1 && utcDays && (!G || G === filter?.[0]));
    const startIso = new Date(start).toISOString();
    const endIso = new Date(end).toISOString();
    const mapper = new HourMapper(q.interval, tz, from);
    let rows: Counted[] = [];
    let byHour = true;
    if (plan.scope && fromRollups && utcDays) {
      rows = await this.repo.daily(plan.scope, from, to, filter?.[0] ?? 'clicks', filter?.[1] ?? '');
      byHour = false;
    } else if (plan.scope && fromRollups) {
      rows = await this.repo.hourly(plan.scope, startIso.slice(0, 13), new Date(end - 1).toISOString().slice(0, 13));
    } else if (plan.scope) {
      rows = await this.repo.rawHourly(plan.raw, startIso, endIso);
    }
    const sums = new Map(buckets.map((b) => [b.key, { count: 0, uniques: 0, qr: 0 }]));
    for (const r of rows) {
      const s = sums.get(byHour ? mapper.key(r.key) : mapper.key(`${r.key}T00`));
      if (!s) continue;
      s.count += r.count;
      s.uniques += r.uniques;
      s.qr += r.qr;
    }
    const unique = q.unique === 1;
    const series: AnalyticsPoint[] = buckets.map((b) => {
      const s = sums.get(b.key) ?? NONE;
      return unique ? { start: b.start, clicks: s.count, uniques: s.uniques, qr_scans: s.qr } : { start: b.start, clicks: s.count, qr_scans: s.qr };
    });
    const total = sum(buckets.map((b) => ({ ...NONE, ...sums.get(b.key) })));
    const period: AnalyticsPeriod = {
      from,
      to,
      totals: unique ? { clicks: total.count, uniques: total.uniques, qr_scans: total.qr } : { clicks: total.count, qr_scans: total.qr },
      series,
    };
    if (!G) return period;
    let top: Counted[] = [];
    let all: Counted = NONE;
    // Every click of the days the top list counts (for the clicks without a value): the period's, but for a
    // top list from the daily rollups beside a series in another zone or by hour (those count the UTC days).
    let whole: Counted = total;
    if (!plan.scope) {
      // nothing matches
    } else if (plan.link && (G === 'link' || G === 'space' || G === 'domain')) {
      const value = String(G === 'link' ? plan.link.id : G === 'space' ? plan.link.space : plan.link.domain);
      all = { ...total, key: value };
      top = total.count ? [all] : [];
    } else if (fromRollups && G === 'link' && plan.scope.kind === 'account' && !filter) {
      ({ top, all } = await this.repo.topLinks(plan.scope, from, to, q.limit));
    } else if (fromRollups) {
      ({ top, all } = await this.repo.top(plan.scope, G, from, to, q.limit, filter?.[0] === G ? filter[1] : undefined));
      if (!utcDays) whole = sum(await this.repo.daily(plan.scope, from, to));
    } else {
      ({ top, all } = await this.repo.rawTop(plan.raw, G, startIso, endIso, q.limit));
    }
    const labels = await this.labels(plan.raw.userId, G, top.map((t) => t.key));
    period.groups = top.map((t) => ({ value: t.key, ...labels.get(t.key), clicks: t.count, ...(unique ? { uniques: t.uniques } : {}) }));
    const shown = sum(top);
    period.others = this.rest(all, shown, unique);
    if (G !== 'link' && G !== 'space' && G !== 'domain') period.without_value = this.rest(whole, all, unique);
    return period;
  }

  /** `of` less `part`: the clicks (and uniques) of the values not in `part`, never below 0. */
  private rest(of: Counted, part: Counted, unique: boolean): { clicks: number; uniques?: number } {
    const clicks = Math.max(0, of.count - part.count);
    return unique ? { clicks, uniques: Math.max(0, of.uniques - part.uniques) } : { clicks };
  }

  /**
   * Readable names of link, space, domain and target values (ids of another account get none); a link also
   * gets its short URL and title, by which the dashboard names it.
   */
  private async labels(userId: number, dimension: AnalyticsDimension, values: string[]): Promise<Map<string, GroupNames>> {
    const out = new Map<string, GroupNames>();
    const ids = values.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    if (dimension === 'target') {
      for (const v of values) {
        const m = /^(\d+):(.*)$/s.exec(v);
        out.set(v, { label: v === DEFAULT_TARGET ? 'Default URL' : m ? `Rule ${Number(m[1]) + 1}: ${m[2]}` : v });
      }
    } else if (dimension === 'link') {
      const rows = ids.length
        ? await this.db
            .selectFrom('links as l')
            .leftJoin('domains as d', 'd.id', 'l.domain_id')
            .select(['l.id', 'l.title', 'l.alias', 'd.name as domain_name', 'd.https'])
            .where('l.user_id', '=', userId)
            .where('l.id', 'in', ids)
            .execute()
        : [];
      const found = new Map(
        rows.map((r): [string, GroupNames] => [
          String(r.id),
          { label: r.title || r.alias, short_url: shortUrlOf(r.alias, r.domain_name === null ? null : { name: r.domain_name, https: r.https }, this.baseUrl), title: r.title },
        ]),
      );
      for (const v of values) out.set(v, found.get(v) ?? { label: 'Deleted link' });
    } else if (dimension === 'space' || dimension === 'domain') {
      // A link may sit on a domain that the instance shares (domain-access.ts).
      const rows = !ids.length ? [] : dimension === 'space'
        ? await this.db.selectFrom('spaces').select(['id', 'name']).where('user_id', '=', userId).where('id', 'in', ids).execute()
        : await this.db.selectFrom('domains').select(['id', 'name']).where(usableBy(userId)).where('id', 'in', ids).execute();
      const found = new Map(rows.map((r) => [String(r.id), r.name]));
      const none = dimension === 'space' ? 'No space' : new URL(this.baseUrl).host;
      for (const v of values) out.set(v, { label: v === '0' ? none : (found.get(v) ?? `Deleted ${dimension}`) });
    }
    return out;
  }
}
