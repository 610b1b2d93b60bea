// Bulk PATCH and DELETE of links: a selection (ids and/or the list filters) resolved with the list
// repos' own filter code, then set-based SQL that reads and writes the same set, all in one transaction,
// with the before-images an undo needs (migration 006, operations/operations.repo.ts).
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database, LinksTable } from '../db/schema';
import type { Db } from '../db/database';
import type { LinkListQuery } from '../../shared/link.schema';
import type { BulkChanges, Selection } from '../../shared/bulk.schema';
import { LinkListRepo } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';
import { TAGS_PER_LINK_MAX, tagKey } from '../../shared/tag.schema';
import { existingTagIds, resolveTags } from '../tags/tags.repo';
import { ruleError } from '../rule-error';
import { countersOff } from './core/link-counters';
import { DAILY_COLUMNS, EVENT_COLUMNS, HOURLY_COLUMNS, LINK_COLUMNS, inIds, parts } from './core/link-sql';
import { BULK, recordOperation } from '../operations/operation-record';

export type Trx = Kysely<Database>;

/** How many ids a refusal names. */
const NAMED_IDS = 10;

/** The refusal of an add_tags that links cannot take (ids: those links). */
export const tooManyTags = (ids: number[]) => `would give links more than ${TAGS_PER_LINK_MAX} tags (ids ${ids.slice(0, NAMED_IDS).join(', ')}).`;
/** The refusal of an end date that links cannot take. */
export const endBeforeStart = (ids: number[]) =>
  `must be a date after the active_period_start_at of every selected link (not so for ids ${ids.slice(0, NAMED_IDS).join(', ')}).`;

/** `link_id IN (the links of the operation)`. */
export const ofOperation = (column: string, operationId: number) =>
  sql<boolean>`${sql.ref(column)} IN (SELECT link_id FROM operation_links WHERE operation_id = ${operationId})`;

export function listQueryOf(s: Selection): LinkListQuery {
  return {
    search: s.search,
    search_by: s.search_by,
    status: s.status,
    space_id: s.space_id,
    domain_id: s.domain_id,
    pixel_id: s.pixel_id,
    tag: s.tag,
    tag_mode: s.tag_mode,
    sort_by: 'id',
    sort: 'desc',
    per_page: 10,
    page: 1,
  };
}

export interface Recorded {
  operationId: number;
  createdAt: string;
}

export class LinksBulkRepo {
  private readonly list: LinkListRepo | PgLinkListRepo;

  constructor(private readonly db: Db) {
    this.list = db.dialect === 'postgres' ? new PgLinkListRepo(db.kysely) : new LinkListRepo(db.sqlite);
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.kysely.transaction().execute(work);
  }

  /** Ids of the account's links the selection names, newest first (within `trx` on PostgreSQL). */
  async selectIds(trx: Trx, userId: number, s: Selection, now: string): Promise<number[]> {
    const only = s.ids?.length ? s.ids : undefined;
    if (this.list instanceof PgLinkListRepo) return this.list.selectIds(userId, listQueryOf(s), now, only, trx);
    // SQLite: the raw connection is the one the transaction holds.
    return this.list.selectIds(userId, listQueryOf(s), now, only);
  }

  /** Links of the selection whose start is not before `end` (an end date they cannot take), lowest id first. */
  async startsNotBefore(trx: Trx, ids: number[], end: string): Promise<number[]> {
    const rows = await trx
      .selectFrom('links')
      .select('id')
      .where(inIds(trx, 'id', ids))
      .where('active_period_start_at', 'is not', null)
      .where('active_period_start_at', '>=', end)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The one check of the tags per link: the links among `ids` that would carry more than 20 tags once the tags
   * `add` are on them and `remove` off (names; remove first, as changeTags does), lowest id first. Before a
   * change it says which links cannot take it; after one (nothing to add or remove), which carry too many.
   */
  async tagsOverLimit(trx: Trx, userId: number, ids: number[], add: string[], remove: string[]): Promise<number[]> {
    const added = new Set(add.map(tagKey)).size;
    // Each link keeps its tags but those taken off or added again, and gets every added one.
    const recounted = [...new Set([...(await existingTagIds(trx, userId, remove)), ...(await existingTagIds(trx, userId, add))])];
    let q = trx.selectFrom('link_tags').select('link_id').where(inIds(trx, 'link_id', ids));
    if (recounted.length) q = q.where(sql<boolean>`NOT ${inIds(trx, 'tag_id', recounted)}`);
    const rows = await q
      .groupBy('link_id')
      .having((eb) => eb.fn.countAll(), '>', TAGS_PER_LINK_MAX - added)
      .orderBy('link_id')
      .execute();
    return rows.map((r) => r.link_id);
  }

  /** Records the operation (operations/operation-record.ts) over the links `ids`. */
  private async record(trx: Trx, userId: number, kind: 'update' | 'delete', s: Selection, changes: object, ids: number[], now: string, about = BULK): Promise<Recorded> {
    // The tag mode only means something with tags: the recorded selection stays as the caller made it.
    const selection = s.tag?.length ? s : { ...s, tag_mode: undefined };
    const id = await recordOperation(trx, { userId, kind, about, selection, changes, now }, ids);
    return { operationId: id, createdAt: now };
  }

  private async savePixels(trx: Trx, op: number): Promise<void> {
    await trx
      .insertInto('operation_link_pixels')
      .columns(['operation_id', 'link_id', 'pixel_id'])
      .expression(trx.selectFrom('link_pixels').select([sql.lit(op).as('operation_id'), 'link_id', 'pixel_id']).where(ofOperation('link_id', op)))
      .execute();
  }

  /** The before-image of the operation's links' tags. */
  private async saveTags(trx: Trx, op: number): Promise<void> {
    await trx
      .insertInto('operation_link_tags')
      .columns(['operation_id', 'link_id', 'tag_id'])
      .expression(trx.selectFrom('link_tags').select([sql.lit(op).as('operation_id'), 'link_id', 'tag_id']).where(ofOperation('link_id', op)))
      .execute();
  }

  /** Adds and takes off tags (names) on the operation's links `ids`; no link may end up with more than 20. */
  private async changeTags(trx: Trx, userId: number, op: number, ids: number[], add: string[], remove: string[], now: string): Promise<void> {
    await this.saveTags(trx, op);
    const removed = await existingTagIds(trx, userId, remove);
    if (removed.length) await trx.deleteFrom('link_tags').where(ofOperation('link_id', op)).where(inIds(trx, 'tag_id', removed)).execute();
    const added = await resolveTags(trx, userId, add, now);
    if (!added.length) return;
    await sql`INSERT INTO link_tags (link_id, tag_id) SELECT ol.link_id, t.id FROM operation_links ol JOIN tags t ON ${inIds(trx, 't.id', added)}
      WHERE ol.operation_id = ${op} ON CONFLICT (link_id, tag_id) DO NOTHING`.execute(trx);
    // The guarantee under concurrent writes; the route's check refused or left out such links before.
    const over = await this.tagsOverLimit(trx, userId, ids, [], []);
    if (over.length) throw ruleError('set.add_tags', tooManyTags(over));
  }

  /** Sets `changes` on the links `ids`, stamping updated_at with the operation's time. */
  async update(trx: Trx, userId: number, s: Selection, changes: BulkChanges, ids: number[], now: string): Promise<Recorded> {
    const counters = await countersOff(trx, userId);
    const rec = await this.record(trx, userId, 'update', s, changes, ids, now);
    const op = rec.operationId;
    if (changes.pixel_ids !== undefined) {
      await this.savePixels(trx, op);
      await trx.deleteFrom('link_pixels').where(ofOperation('link_id', op)).execute();
      if (changes.pixel_ids.length) {
        await trx
          .insertInto('link_pixels')
          .columns(['link_id', 'pixel_id'])
          .expression(
            trx
              .selectFrom('operation_links as ol')
              .innerJoin('pixels as p', (j) => j.on(inIds(trx, 'p.id', changes.pixel_ids as number[])))
              .select(['ol.link_id', 'p.id'])
              .where('ol.operation_id', '=', op),
          )
          .execute();
      }
    }
    if (changes.add_tags !== undefined || changes.remove_tags !== undefined) {
      await this.changeTags(trx, userId, op, ids, changes.add_tags ?? [], changes.remove_tags ?? [], now);
    }
    const set: Updateable<LinksTable> = { updated_at: now };
    for (const key of ['space_id', 'disabled', 'active_period_end_at', 'clicks_limit', 'expiration_url'] as const) {
      if (changes[key] !== undefined) (set as Record<string, unknown>)[key] = changes[key];
    }
    for (const part of parts(trx, ids)) await trx.updateTable('links').set(set).where(inIds(trx, 'id', part)).execute();
    await counters.end();
    return rec;
  }

  /**
   * Deletes the links `ids` after copying them, their pixel links and their statistics (events, daily and hourly
   * rollups). `about`: what the operation names, when it is not a bulk delete (one link, a domain's links).
   */
  async delete(trx: Trx, userId: number, s: Selection, ids: number[], now: string, about = BULK): Promise<Recorded> {
    const counters = await countersOff(trx, userId);
    const rec = await this.record(trx, userId, 'delete', s, {}, ids, now, about);
    const op = rec.operationId;
    const lit = sql.lit(op).as('operation_id');
    await this.savePixels(trx, op);
    await this.saveTags(trx, op);
    for (const part of parts(trx, ids)) {
      const these = (column: string) => inIds(trx, column, part);
      await trx
        .insertInto('operation_deleted_links')
        .columns(['operation_id', ...LINK_COLUMNS])
        .expression(trx.selectFrom('links').select([lit, ...LINK_COLUMNS]).where(these('id')))
        .execute();
      await trx
        .insertInto('operation_click_events')
        .columns(['operation_id', ...EVENT_COLUMNS])
        .expression(trx.selectFrom('click_events').select([lit, ...EVENT_COLUMNS]).where(these('link_id')).orderBy('id'))
        .execute();
      await trx
        .insertInto('operation_click_daily')
        .columns(['operation_id', ...DAILY_COLUMNS])
        .expression(trx.selectFrom('click_daily').select([lit, ...DAILY_COLUMNS]).where(these('link_id')))
        .execute();
      await trx
        .insertInto('operation_click_hourly')
        .columns(['operation_id', ...HOURLY_COLUMNS])
        .expression(trx.selectFrom('click_hourly').select([lit, ...HOURLY_COLUMNS]).where(these('link_id')))
        .execute();
      await trx.deleteFrom('links').where(these('id')).execute();
    }
    await counters.end();
    return rec;
  }
}
