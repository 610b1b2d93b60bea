// POST /api/v1/links/bulk: up to 1,000 links checked with the rules of POST /api/v1/links (the shared zod
// schema, then ownership of domain/space/pixels and alias availability, also against the other rows of the
// batch), then created in one transaction. Errors are per row (`links.12.alias`).
import type { Insertable } from 'kysely';
import type { LinksTable } from '../db/schema';
import type { AppContext } from '../context';
import { linkCreateSchema, type Link } from '../../shared/link.schema';
import { LinksRepo, type LinkRow } from './links.repo';
import { presentLink } from './link.presenter';
import { defaultTagColor, tagKey } from '../../shared/tag.schema';
import type { CreateRow, FieldOf, Issue } from './core/link-checks';
import type { LinkWriter } from './core/link-writer';

export type BulkPreview = Omit<Link, 'id' | 'alias' | 'short_url' | 'created_at' | 'updated_at'> & {
  id: null;
  alias: string | null;
  short_url: string | null;
  created_at: null;
  updated_at: null;
};

export interface CheckedBatch {
  /** Valid rows by their index in the request. */
  valid: CreateRow[];
  issues: Issue[];
}

/** The previews and answers of POST /links/bulk; its rows are written by the pipeline (core/link-writer.ts). */
export class BulkCreator {
  private readonly repo: LinksRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new LinksRepo(ctx.db.kysely);
  }

  /** Step 1 of the pipeline for a batch: every row through the shared schema; issues named `links.<row>.<field>`. */
  parse(rows: unknown[]): { parsed: CreateRow[]; issues: Issue[] } {
    const issues: Issue[] = [];
    const parsed: CreateRow[] = [];
    rows.forEach((raw, row) => {
      const r = linkCreateSchema.safeParse(raw);
      if (r.success) parsed.push({ row, input: r.data });
      else for (const iss of r.error.issues) issues.push({ field: ['links', row, ...iss.path].map(String).join('.'), message: iss.message });
    });
    return { parsed, issues };
  }

  /** Steps 1-2: the valid rows, and every issue sorted by row. */
  async check(writer: LinkWriter, userId: number, rows: unknown[]): Promise<CheckedBatch> {
    const { parsed, issues } = this.parse(rows);
    const checked = await writer.check(userId, parsed, inBatch);
    const all = [...issues, ...checked.issues].sort((a, b) => rowOf(a.field) - rowOf(b.field));
    return { valid: checked.valid, issues: all };
  }

  /** What the rows would look like once created (dry run): no id yet, no alias when it would be generated. */
  async preview(values: Insertable<LinksTable>[], valid: CheckedBatch['valid'], pixelIds: number[][]): Promise<BulkPreview[]> {
    const userId = values[0]?.user_id ?? 0;
    const names = [...new Set(valid.flatMap((v) => (v.input.tags ?? []).map(tagKey)))];
    const known = names.length
      ? await this.ctx.db.kysely.selectFrom('tags').select(['id', 'name', 'name_key', 'color']).where('user_id', '=', userId).where('name_key', 'in', names).execute()
      : [];
    const byKey = new Map(known.map((t) => [t.name_key, { id: t.id, name: t.name, color: t.color }]));
    const rows = values.map((v, i) => ({ ...v, id: -(i + 1), clicks: v.clicks ?? 0, imported_clicks: v.imported_clicks ?? 0, imported_at: v.imported_at ?? null }) as LinkRow);
    const related = await this.repo.related(rows); // negative ids: no stored pixels, so they come from the input
    const pixels = await this.ctx.db.kysely.selectFrom('pixels').select(['id', 'name', 'type']).where('id', 'in', [0, ...new Set(pixelIds.flat())]).execute();
    const byPixel = new Map(pixels.map((p) => [p.id, p]));
    // Tags that would be created have no id yet (0).
    rows.forEach((r, i) =>
      related.tagsByLink.set(r.id, (valid[i]?.input.tags ?? []).map((n) => byKey.get(tagKey(n)) ?? { id: 0, name: n, color: defaultTagColor(n) })),
    );
    rows.forEach((r, i) => related.pixelsByLink.set(r.id, (pixelIds[i] ?? []).map((p) => byPixel.get(p)).filter((p) => !!p).sort((a, b) => a.id - b.id)));
    return rows.map((r, i) => {
      const link = presentLink(r, related, this.ctx.config.baseUrl);
      const generated = !valid[i]?.input.alias;
      return { ...link, id: null, alias: generated ? null : link.alias, short_url: generated ? null : link.short_url, created_at: null, updated_at: null };
    });
  }
}

const rowOf = (field: string) => Number(field.split('.')[1]);

/** A field of a batch row: `links.3.alias`. */
export const inBatch: FieldOf = (row, field) => `links.${row}.${field}`;

