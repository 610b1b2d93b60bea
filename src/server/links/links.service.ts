// Creating and updating links: the checks that need the database, then the write.
import type { Updateable } from 'kysely';
import type { LinksTable } from '../db/schema';
import type { Link, LinkCreate, LinkUpdate } from '../../shared/link.schema';
import { checkTargets, parseStoredTargets, type Target } from '../../shared/targets';
import { LIMITS, type TargetsType } from '../../shared/enums';
import { utmChangesOf, withUtm } from '../../shared/utm';
import type { AppContext } from '../context';
import { hashPassword } from '../auth/secrets';
import { notFound, validationError } from '../http/errors';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../http/pagination';
import { LinksRepo, type LinkRow } from './links.repo';
import { LinkListRepo } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';
import { presentLink } from './link.presenter';
import { generateAlias } from './alias';
import { newLinkRow } from './link-row';
import { fetchTitle, TitleQueue } from './title-fetcher';
import { releaseOgImages } from '../previews/og-image-orphans';

type Issue = { field: string; message: string };

const titleQueues = new WeakMap<AppContext, TitleQueue>();

/** The app's title queue (tests wait for it to be idle). */
export function titleQueueOf(ctx: AppContext): TitleQueue | undefined {
  return titleQueues.get(ctx);
}

export class LinksService {
  readonly repo: LinksRepo;
  /** The list of GET /links: SQLite's answers synchronously, PostgreSQL's with a promise. */
  readonly listRepo: LinkListRepo | PgLinkListRepo;
  readonly titles: TitleQueue;

  constructor(private readonly ctx: AppContext) {
    this.repo = new LinksRepo(ctx.db.kysely);
    this.listRepo = ctx.db.dialect === 'postgres' ? new PgLinkListRepo(ctx.db.kysely) : new LinkListRepo(ctx.db.sqlite);
    this.titles = new TitleQueue(async (id, url) => {
      const title = await fetchTitle(ctx.outbound, url);
      if (title && (await this.repo.setTitleIfEmpty(id, title))) this.ctx.changes.emit('link', id);
    });
    titleQueues.set(ctx, this.titles);
  }

  async present(rows: LinkRow[]): Promise<Link[]> {
    const rel = await this.repo.related(rows);
    const now = new Date();
    return rows.map((r) => presentLink(r, rel, this.ctx.config.baseUrl, now));
  }

  async show(userId: number, id: number): Promise<Link> {
    const row = await this.repo.find(userId, id);
    if (!row) throw notFound();
    const [link] = await this.present([row]);
    return link as Link;
  }

  private async checkRefs(userId: number, input: { space_id?: number | null; pixel_ids?: number[]; domain_id?: number | null }, issues: Issue[]) {
    if (input.domain_id) {
      const ok = await this.repo.ownedIds('domains', userId, [input.domain_id]);
      if (!ok.size) issues.push({ field: 'domain_id', message: 'must be one of your domains.' });
    }
    if (input.space_id) {
      const ok = await this.repo.ownedIds('spaces', userId, [input.space_id]);
      if (!ok.size) issues.push({ field: 'space_id', message: 'must be one of your spaces.' });
    }
    if (input.pixel_ids?.length) {
      const ok = await this.repo.ownedIds('pixels', userId, input.pixel_ids);
      input.pixel_ids.forEach((p, i) => {
        if (!ok.has(p)) issues.push({ field: `pixel_ids.${i}`, message: 'must be one of your pixels.' });
      });
    }
  }

  async create(userId: number, input: LinkCreate): Promise<Link> {
    const issues: Issue[] = [];
    await this.checkRefs(userId, input, issues);
    const domainId = input.domain_id ?? null;
    if (input.alias && !issues.length && (await this.repo.aliasTaken(domainId, input.alias))) {
      issues.push({ field: 'alias', message: 'has already been taken.' });
    }
    if (issues.length) throw validationError(issues);
    const alias = input.alias ?? (await generateAlias((a) => this.repo.aliasTaken(domainId, a)));
    const now = nowIso();
    const values = await newLinkRow(userId, input, alias, now);
    const id = await this.repo.insert(values, input.pixel_ids ?? [], input.tags ?? []).catch((err: unknown) => {
      throw isUniqueViolation(err) ? validationError([{ field: 'alias', message: 'has already been taken.' }]) : err;
    });
    this.ctx.changes.emit('link', id);
    if (!values.title) this.fetchTitleLater(userId, id, input.url);
    return this.show(userId, id);
  }

  async update(userId: number, id: number, input: LinkUpdate): Promise<Link> {
    const row = await this.repo.find(userId, id);
    if (!row) throw notFound();
    const issues: Issue[] = [];
    await this.checkRefs(userId, input, issues);

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
    if (input.alias !== undefined && input.alias !== row.alias && (await this.repo.aliasTaken(row.domain_id, input.alias, id))) {
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
    await this.repo.update(userId, id, set, input.pixel_ids, input.tags).catch((err: unknown) => {
      throw isUniqueViolation(err) ? validationError([{ field: 'alias', message: 'has already been taken.' }]) : err;
    });
    this.ctx.changes.emit('link', id);
    if (input.og_image !== undefined && input.og_image !== row.og_image) await releaseOgImages(this.ctx.db.kysely, userId, [row.og_image]);
    if (input.title === null || (input.url !== undefined && input.url !== row.url && !row.title && input.title === undefined)) {
      this.fetchTitleLater(userId, id, input.url ?? row.url);
    }
    return this.show(userId, id);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.repo.delete(userId, id))) throw notFound();
    this.ctx.changes.emit('link', id);
  }

  private fetchTitleLater(userId: number, id: number, url: string): void {
    if (this.ctx.config.fetchTitles) this.titles.request(userId, id, url);
  }
}
