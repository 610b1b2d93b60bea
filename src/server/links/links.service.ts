// Single links: the checks of an update against the stored link, then the write pipeline for every write.
import type { Kysely, Updateable } from 'kysely';
import type { Database, LinksTable } from '../db/schema';
import type { Link, LinkCreate, LinkUpdate } from '../../shared/link.schema';
import type { RevisionSource } from '../../shared/objects/revision.object';
import { checkTargets, parseStoredTargets, type Target } from '../../shared/targets';
import { LIMITS, type TargetsType } from '../../shared/enums';
import { utmChangesOf, withUtm } from '../../shared/utm';
import type { AppContext } from '../context';
import { hashPassword } from '../auth/secrets';
import { notFound, validationError } from '../http/errors';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/sql-values';
import { LinksRepo, type LinkRow } from './links.repo';
import { LinkListRepo } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';
import { presentLink } from './link.presenter';
import { releaseOgImages } from '../previews/og-image-orphans';
import type { LinkWriter } from './core/link-writer';
import { ownedRefs, readOnlyLinkIssues, refIssues, type Issue } from './core/link-checks';
import { aliasTaken } from './core/link-store';
import { LinksBulkRepo } from './links.bulk.repo';
import type { Selection } from '../../shared/bulk.schema';

/** Single links: show, create, update and delete, each through the write pipeline (core/link-writer.ts). */
export class LinksService {
  readonly repo: LinksRepo;
  /** The list of GET /links: SQLite's answers synchronously, PostgreSQL's with a promise. */
  readonly listRepo: LinkListRepo | PgLinkListRepo;
  private readonly bulk: LinksBulkRepo;

  constructor(
    private readonly ctx: AppContext,
    readonly writer: LinkWriter,
  ) {
    this.repo = new LinksRepo(ctx.db.kysely);
    this.listRepo = ctx.db.dialect === 'postgres' ? new PgLinkListRepo(ctx.db.kysely) : new LinkListRepo(ctx.db.sqlite);
    this.bulk = new LinksBulkRepo(ctx.db);
  }

  async present(rows: LinkRow[]): Promise<Link[]> {
    const rel = await this.repo.related(rows);
    const now = new Date();
    return rows.map((r) => presentLink(r, rel, this.ctx.config.baseUrl, now));
  }

  /** Links by id, in that order (ids that are gone are left out). */
  async presentIds(ids: number[]): Promise<Link[]> {
    const rows: LinkRow[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      rows.push(...(await this.ctx.db.kysely.selectFrom('links').selectAll().where('id', 'in', ids.slice(i, i + 500)).execute()));
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.present(ids.map((id) => byId.get(id)).filter((r): r is LinkRow => !!r));
  }

  async show(userId: number, id: number): Promise<Link> {
    const row = await this.repo.find(userId, id);
    if (!row) throw notFound();
    const [link] = await this.present([row]);
    return link as Link;
  }

  /** `actorId`: the person acting in the workspace `userId` (the revision's actor). */
  async create(userId: number, input: LinkCreate, source: RevisionSource = 'api', actorId = userId): Promise<Link> {
    const { valid, issues } = await this.writer.check(userId, [{ row: 0, input }], (_row, field) => field);
    if (issues.length) throw validationError(issues);
    const rows = await this.writer.build(userId, valid);
    const [id] = await this.writer.insert({ userId, actorId, source }, rows).catch((err: unknown) => {
      throw isUniqueViolation(err) ? validationError([{ field: 'alias', message: 'has already been taken.' }]) : err;
    });
    return this.show(userId, id as number);
  }

  /** `readOnly`: the read-only fields the body carried, as sent (read-only.hook.ts); they must be the link's own. */
  async update(userId: number, id: number, input: LinkUpdate, source: RevisionSource = 'api', readOnly: Record<string, unknown> = {}, actorId = userId): Promise<Link> {
    const row = await this.repo.find(userId, id);
    if (!row) throw notFound();
    const issues: Issue[] = refIssues(input, await ownedRefs(this.ctx.db.kysely, userId, [input]), (field) => field);
    if (Object.keys(readOnly).length) issues.push(...readOnlyLinkIssues(readOnly, { ...row, ...(await this.present([row]))[0] }));

    const set: Updateable<LinksTable> = {};
    if (input.targets !== undefined || input.targets_type !== undefined) {
      const type = (input.targets_type !== undefined ? input.targets_type : row.targets_type) as TargetsType | null;
      const targets: Target[] = input.targets ?? (input.targets_type === null ? [] : parseStoredTargets(row.targets));
      for (const iss of checkTargets(type, targets)) issues.push({ field: iss.path.join('.'), message: iss.message });
      set.targets = JSON.stringify(targets);
      set.targets_type = targets.length ? type : input.targets_type === undefined ? row.targets_type : type;
      if (input.targets_type === null) set.targets_type = null;
    }
    const start = input.active_period_start_at !== undefined ? input.active_period_start_at : row.active_period_start_at;
    const end = input.active_period_end_at !== undefined ? input.active_period_end_at : row.active_period_end_at;
    if (start && end && start >= end && (input.active_period_start_at !== undefined || input.active_period_end_at !== undefined)) {
      issues.push({ field: 'active_period_end_at', message: 'must be a date after active_period_start_at.' });
    }
    const privacy = input.privacy ?? row.privacy;
    const hasPassword = input.password !== undefined ? input.password !== null : row.password_hash !== null;
    if (privacy === 2 && !hasPassword) issues.push({ field: 'password', message: 'is required when privacy is 2 (password).' });
    if (input.alias !== undefined && input.alias !== row.alias && (await aliasTaken(this.ctx.db.kysely, row.domain_id, input.alias, id))) {
      issues.push({ field: 'alias', message: 'has already been taken.' });
    }
    // UTM fields without a url change the stored url (with a url, the schema merged them already).
    const utm = utmChangesOf(input);
    if (input.url === undefined && Object.keys(utm).length) {
      const url = withUtm(row.url, utm);
      if (url.length > LIMITS.urlMax) issues.push({ field: 'url', message: `must not be longer than ${LIMITS.urlMax} characters with its UTM parameters.` });
      else if (url !== row.url) set.url = url;
    }
    if (issues.length) throw validationError(issues);

    for (const key of ['url', 'alias', 'title', 'space_id', 'sensitive_content', 'privacy', 'active_period_start_at', 'active_period_end_at', 'clicks_limit', 'expiration_url', 'disabled', 'og_title', 'og_description', 'og_image'] as const) {
      if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
    }
    if (input.password !== undefined) set.password_hash = input.password === null ? null : await hashPassword(input.password);
    if (input.redirect_password !== undefined) {
      set.redirect_password_hash = input.redirect_password === null ? null : await hashPassword(input.redirect_password);
    }
    set.updated_at = nowIso();
    const writer = { userId, actorId, source };
    const work = (trx: Kysely<Database>) => this.repo.update(trx, userId, id, set, input.pixel_ids, input.tags);
    await this.writer.change(writer, [id], work, { event: { name: 'link.updated' } }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? validationError([{ field: 'alias', message: 'has already been taken.' }]) : err;
    });
    if (input.og_image !== undefined && input.og_image !== row.og_image) await releaseOgImages(this.ctx.db.kysely, userId, [row.og_image]);
    if (input.title === null || (input.url !== undefined && input.url !== row.url && !row.title && input.title === undefined)) {
      this.fetchTitleLater(userId, id, input.url ?? row.url);
    }
    return this.show(userId, id);
  }

  /**
   * Deletes the link as a bulk delete of one link does (its before-image kept, with its pixels, tags and
   * statistics), recorded as an operation named by the short URL, which can undo it; the operation's id.
   */
  async delete(userId: number, id: number, source: RevisionSource = 'api', actorId = userId): Promise<number> {
    const before = await this.show(userId, id);
    const event = { name: 'link.deleted' as const, load: async () => [before] };
    const about = { object: 'link' as const, objectId: id, label: before.short_url.replace(/^[a-z]+:\/\//i, '') };
    const work = async (trx: Kysely<Database>) => {
      if (!(await this.repo.find(userId, id, trx))) return { operationId: null };
      return this.bulk.delete(trx, userId, { ids: [id] } as Selection, [id], nowIso(), about);
    };
    const done = await this.writer.change({ userId, actorId, source }, [id], work, { event });
    if (done.operationId === null) throw notFound();
    return done.operationId;
  }

  private fetchTitleLater(userId: number, id: number, url: string): void {
    this.writer.requestTitle(userId, id, url);
  }
}
