// The one write pipeline of links. Every path that creates, changes or deletes links (a single create,
// update and delete, a bulk create, a bulk PATCH and DELETE, an import batch, an undo, a restore) goes
// through it: normalise (the shared zod schema, before it), check against the database (link-checks.ts),
// build the row (link-row.ts), store (link-store.ts, in one transaction), then announce: the revision of
// every changed link (history), the caches (change events) and the title fetcher.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../context';
import type { RevisionSource } from '../../../shared/objects/revision.object';
import { nowIso } from '../../db/sql-values';
import type { LinkData, WebhookHub } from '../../webhooks/webhook-hub';
import { checkCreates, freeAliases, type CreateRow, type FieldOf, type Issue } from './link-checks';
import { insertLinks, type NewLinkRow } from './link-store';
import { newLinkRow } from './link-row';
import { readStates, type StateField } from '../history/link-state';
import { recordRevisions, type WriteMeta } from '../history/revisions.repo';

type Db = Kysely<Database>;

/** Who writes and through which path; the pipeline stamps the time. */
export interface Writer {
  userId: number;
  actorId: number | null;
  source: RevisionSource;
}

export interface ChangeOptions {
  /** The webhook event of the change (announced once it committed; with `within`, by the caller). */
  event?: ChangeEvent;
  /** The caller's transaction; then the caller announces (`announce`) once it committed. */
  within?: Db;
  /** A restore names the revision it brought back. */
  restoredFrom?: number;
  /** The only fields the work can change (a bulk edit's): history reads and compares just those. */
  fields?: readonly StateField[];
}

/** Up to this many changed links are announced one by one; more reset every cache at once. */
export const ANNOUNCE_ONE_BY_ONE = 100;

/** Asks for the title of a new link without one (the app's title queue). */
export type TitleRequest = (userId: number, id: number, url: string) => void;

/**
 * Step 4-5 within a transaction: the rows inserted (link-store.ts), then a create revision for each. An
 * import calls this inside its batch's transaction, which also saves its progress.
 */
export async function storeNewLinks(trx: Db, rows: NewLinkRow[], meta: WriteMeta, opts: { skipTaken?: boolean } = {}): Promise<(number | null)[]> {
  const ids = await insertLinks(trx, rows, opts);
  const created = ids.filter((id): id is number => id !== null);
  await recordRevisions(trx, new Map(), await readStates(trx, created), meta);
  return ids;
}

/** The webhook events of links and how to show the links in them (the API's link object). */
export interface LinkEvents {
  hooks: Pick<WebhookHub, 'linkEvents'>;
  present: (ids: number[]) => Promise<LinkData[]>;
}

/** A webhook event to announce with a change; `load` gives the links' bodies when they are gone (a delete). */
export interface ChangeEvent {
  name: 'link.updated' | 'link.deleted';
  load?: (ids: number[]) => Promise<LinkData[]>;
}

export class LinkWriter {
  constructor(
    private readonly ctx: AppContext,
    readonly requestTitle: TitleRequest,
    private readonly events: LinkEvents,
  ) {}

  private get db(): Db {
    return this.ctx.db.kysely;
  }

  /** Steps 1-2 for new links: the rows that pass, and the issues of those that do not (named by `at`). */
  check(userId: number, rows: CreateRow[], at: FieldOf): Promise<{ valid: CreateRow[]; issues: Issue[] }> {
    return checkCreates(this.db, userId, rows, at);
  }

  /** Step 3: the rows as stored (aliases generated, passwords hashed), not yet written. */
  async build(userId: number, valid: CreateRow[], now = nowIso()): Promise<NewLinkRow[]> {
    const generated = await freeAliases(this.db, valid);
    const out: NewLinkRow[] = [];
    for (const { row, input } of valid) {
      const values = await newLinkRow(userId, input, input.alias ?? (generated.get(row) as string), now);
      out.push({ values, pixelIds: input.pixel_ids ?? [], tags: input.tags ?? [] });
    }
    return out;
  }

  /**
   * Steps 4-5 for new links: stored in one transaction with their revisions, then announced. `within`: a
   * caller's transaction (an import saves its progress in the same one). `skipTaken`: rows whose alias was
   * taken meanwhile are left out (null ids) instead of failing the batch.
   */
  async insert(w: Writer, rows: NewLinkRow[], opts: { skipTaken?: boolean; within?: Db } = {}): Promise<(number | null)[]> {
    const store = (trx: Db) => storeNewLinks(trx, rows, this.meta(w), opts);
    const ids = opts.within ? await store(opts.within) : await this.db.transaction().execute(store);
    ids.forEach((id, i) => {
      const values = rows[i]?.values;
      if (id !== null && values && !values.title) this.requestTitle(w.userId, id, values.url);
    });
    await this.announceCreated(w.userId, ids.filter((id): id is number => id !== null));
    return ids;
  }

  /** After the transaction that created links committed: the caches, and link.created for the webhooks. */
  async announceCreated(userId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    this.ctx.changes.emit('created');
    await this.events.hooks.linkEvents(userId, 'link.created', ids, this.events.present);
  }

  /**
   * Steps 4-5 for changes to existing links: `work` writes the links `ids` (and may create some, named in
   * its answer's `created`) in one transaction; their states before and after become one revision each.
   * `within`: the caller's transaction; then the caller announces (`announce`) once it committed.
   */
  async change<T extends object>(w: Writer, ids: number[], work: (trx: Db) => Promise<T>, opts: ChangeOptions = {}): Promise<T> {
    const run = async (trx: Db) => {
      const before = await readStates(trx, ids, opts.fields);
      const result = await work(trx);
      const after = await readStates(trx, [...ids, ...createdOf(result)], opts.fields);
      await recordRevisions(trx, before, after, { ...this.meta(w), restoredFrom: opts.restoredFrom }, opts.fields);
      return result;
    };
    if (opts.within) return run(opts.within);
    const result = await this.db.transaction().execute(run);
    await this.announce(w.userId, [...ids, ...createdOf(result)], opts.event);
    return result;
  }

  /**
   * After a change committed: the redirect cache (and, through PostgreSQL's change bridge, the other
   * instances) hears what changed, and the account's webhooks get `event` for those links.
   */
  async announce(userId: number, ids: number[], event?: ChangeEvent): Promise<void> {
    if (ids.length > ANNOUNCE_ONE_BY_ONE) this.ctx.changes.emit('reset');
    else for (const id of ids) this.ctx.changes.emit('link', id);
    if (event) await this.events.hooks.linkEvents(userId, event.name, ids, event.load ?? this.events.present);
  }

  private meta(w: Writer): WriteMeta {
    return { actorId: w.actorId, source: w.source, at: nowIso() };
  }
}

/** The ids a change's work created (an undo of a delete, a restore of a deleted link). */
function createdOf(result: object): number[] {
  return 'created' in result && Array.isArray(result.created) ? (result.created as number[]) : [];
}
