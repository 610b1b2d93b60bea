// What a visitor has been granted for one link (redirect password passed, sensitive content accepted,
// statistics password passed), kept in a cookie signed with HMAC-SHA256. The secret lives in the
// settings table, so grants survive restarts. A grant names its link and is bound to the link's current
// password hash, so it opens nothing else and stops working when the password changes.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type GrantKind = 'pw' | 'ok' | 'st';

const MAX_AGE: Record<GrantKind, number> = { pw: 86_400, ok: 30 * 86_400, st: 86_400 };

/** The secret, made on first use; instances sharing a database share it (the first insert wins). */
export async function loadSecret(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('settings')
    .values({ key: 'cookie_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'cookie_secret').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

export class Grants {
  constructor(private readonly secret: Buffer) {}

  cookieName(kind: GrantKind, linkId: number): string {
    return `ld_${kind}_${linkId}`;
  }

  private mac(kind: GrantKind, linkId: number, expires: number, bound: string): string {
    return createHmac('sha256', this.secret).update(`${kind}|${linkId}|${expires}|${bound}`).digest('base64url');
  }

  /**
   * The Set-Cookie header value granting `kind` on the link: HttpOnly, SameSite=Lax, Secure when the
   * visit came over https, and scoped to the link's path (`/{alias}`, which covers `/{alias}/+`).
   */
  issue(kind: GrantKind, linkId: number, bound: string | null, secure: boolean, alias: string, now = Date.now()): string {
    const maxAge = MAX_AGE[kind];
    const expires = Math.floor(now / 1000) + maxAge;
    const value = `${expires}.${this.mac(kind, linkId, expires, bound ?? '')}`;
    return `${this.cookieName(kind, linkId)}=${value}; Max-Age=${maxAge}; Path=/${encodeURIComponent(alias)}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  /** Whether the cookies carry a valid grant for exactly this link (and its current password). */
  has(cookies: Record<string, string | undefined> | undefined, kind: GrantKind, linkId: number, bound: string | null, now = Date.now()): boolean {
    const raw = cookies?.[this.cookieName(kind, linkId)];
    if (!raw) return false;
    const dot = raw.indexOf('.');
    const expires = Number(raw.slice(0, dot));
    if (dot < 1 || !Number.isInteger(expires) || expires * 1000 < now) return false;
    const given = Buffer.from(raw.slice(dot + 1));
    const expected = Buffer.from(this.mac(kind, linkId, expires, bound ?? ''));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
