// An account's QR style and logo (one row per account, written on first save).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEFAULT_QR_STYLE, qrStyleSchema, type QrStyle } from '../../shared/qr.schema';
import { nowIso } from '../db/sql-values';

export class QrStyleRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: number): Promise<{ style: QrStyle; logo: Buffer | null }> {
    const row = await this.db.selectFrom('qr_styles').select(['style', 'logo']).where('user_id', '=', userId).executeTakeFirst();
    // A stored style is read through the schema, so one saved before a field existed gets its default.
    const parsed = row?.style ? qrStyleSchema.safeParse(JSON.parse(row.style)) : null;
    return { style: parsed?.success ? parsed.data : DEFAULT_QR_STYLE, logo: row?.logo ? Buffer.from(row.logo) : null };
  }

  async hasLogo(userId: number): Promise<boolean> {
    const row = await this.db.selectFrom('qr_styles').select('user_id').where('user_id', '=', userId).where('logo', 'is not', null).executeTakeFirst();
    return row !== undefined;
  }

  private async upsert(userId: number, set: { style?: string; logo?: Buffer | null }): Promise<void> {
    const updated_at = nowIso();
    await this.db
      .insertInto('qr_styles')
      .values({ user_id: userId, style: set.style ?? null, logo: set.logo ?? null, updated_at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at }))
      .execute();
  }

  saveStyle(userId: number, style: QrStyle): Promise<void> {
    return this.upsert(userId, { style: JSON.stringify(style) });
  }

  saveLogo(userId: number, logo: Buffer | null): Promise<void> {
    return this.upsert(userId, { logo });
  }
}
