// Bulk PATCH and DELETE of links (issue 10): a selection (ids and/or the list filters) resolved with the list
// repos' own filter code, then set-based SQL that reads and writes the same set, all in one transaction,
// with the before-images an undo needs (migration 006, operations/operations.repo.ts).
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database, LinksTable } from '../db/schema';
import type { Db } from '../db/database';
import type { LinkListQuery } from '../../shared/link.schema';
import { UNDO_WINDOW_MS, type BulkChanges, type Selection } from '../../shared/bulk.schema';
import { LinkListRepo } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';
import { TAGS_PER_LINK_MAX } from '../../shared/tag.schema';
import { existingTagIds, resolveTags } from '../tags/tags.repo';
import { ruleError } from '../rule-error';
import { countersOff } from './core/link-counters';
import { DAILY_COLUMNS, EVENT_COLUMNS, HOURLY_COLUMNS, LINK_COLUMNS, inIds, parts } from './core/link-sql';

export type Trx = Kysely<Database>;

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

  /** Links of the selection whose start is not before `end` (an end date they cannot take). */
  async startsNotBefore(trx: Trx, ids: number[], end: string): Promise<number[]> {
    const rows = await trx
      .selectFrom('links')
      .select('id')
      .where(inIds(trx, 'id', ids))
      .where('active_period_start_at', 'is not', null)
      .where('active_period_start_at', '>=', end)
      .orderBy('id')
      .limit(10)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Drops the before-images of operations whose undo window is over, then records a new operation. */
  private async record(trx: Trx, userId: number, kind: 'update' | 'delete', s: Selection, changes: object, ids: number[], now: string): Promise<Recorded> {
    const expired = sql<boolean>`operation_id IN (SELECT id FROM operations WHERE purged = 0 AND undo_until < ${now})`;
    for (const table of ['operation_links', 'operation_link_pixels', 'operation_link_tags', 'operation_deleted_links', 'operation_click_events', 'operation_click_daily', 'operation_click_hourly'] as const) {
      await trx.deleteFrom(table).where(expired).execute();
    }
    await trx.updateTable('operations').set({ purged: 1 }).where('purged', '=', 0).where('undo_until', '<', now).execute();
    const { id } = await trx
      .insertInto('operations')
      .values({
        user_id: userId,
        kind,
        // The tag mode only means something with tags: the recorded selection stays as the caller made it.
        selection: JSON.stringify(s.tag?.length ? s : { ...s, tag_mode: undefined }),
        changes: JSON.stringify(changes),
        count: ids.length,
        created_at: now,
        undo_until: new Date(Date.parse(now) + UNDO_WINDOW_MS).toISOString(),
        undone_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('operation_links')
      .columns(['operation_id', 'link_id', 'updated_at', 'space_id', 'disabled', 'active_period_end_at', 'clicks_limit', 'expiration_url'])
      .expression(
        trx
          .selectFrom('links')
          .select([sql.lit(id).as('operation_id'), 'id', 'updated_at', 'space_id', 'disabled', 'active_period_end_at', 'clicks_limit', 'expiration_url'])
          .where(inIds(trx, 'id', ids)),
      )
      .execute();
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

  /** Adds and takes off tags (names) on the operation's links; no link may end up with more than 20. */
  private async changeTags(trx: Trx, userId: number, op: number, add: string[], remove: string[], now: string): Promise<void> {
    await this.saveTags(trx, op);
    const removed = await existingTagIds(trx, userId, remove);
    if (removed.length) await trx.deleteFrom('link_tags').where(ofOperation('link_id', op)).where(inIds(trx, 'tag_id', removed)).execute();
    const added = await resolveTags(trx, userId, add, now);
    if (!added.length) return;
    await sql`INSERT INTO link_tags (link_id, tag_id) SELECT ol.link_id, t.id FROM operation_links ol JOIN tags t ON ${inIds(trx, 't.id', added)}
      WHERE ol.operation_id = ${op} ON CONFLICT (link_id, tag_id) DO NOTHING`.execute(trx);
    const over = await trx
      .selectFrom('link_tags')
      .select('link_id')
      .where(ofOperation('link_id', op))
      .groupBy('link_id')
      .having((eb) => eb.fn.countAll(), '>', TAGS_PER_LINK_MAX)
      .orderBy('link_id')
      .limit(10)
      .execute();
    if (over.length) {
      throw ruleError('set.add_tags', `would give links more than ${TAGS_PER_LINK_MAX} tags (ids ${over.map((r) => r.link_id).join(', ')}).`);
    }
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
      await this.changeTags(trx, userId, op, changes.add_tags ?? [], changes.remove_tags ?? [], now);
    }
    const set: Updateable<LinksTable> = { updated_at: now };
    for (const key of ['space_id', 'disabled', 'active_period_end_at', 'clicks_limit', 'expiration_url'] as const) {
      if (changes[key] !== undefined) (set as Record<string, unknown>)[key] = changes[key];
    }
    for (const part of parts(trx, ids)) await trx.updateTable('links').set(set).where(inIds(trx, 'id', part)).execute();
    await counters.end();
    return rec;
  }

  /** Deletes the links `ids` after copying them, their pixel links and their statistics (events, daily and hourly rollups). */
  async delete(trx: Trx, userId: number, s: Selection, ids: number[], now: string): Promise<Recorded> {
    const counters = await countersOff(trx, userId);
    const rec = await this.record(trx, userId, 'delete', s, {}, ids, now);
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
