// Uploaded preview images that nothing uses any more are deleted. An image is in use while a link of
// its account names it in og_image (any URL whose path holds /+og/{key}: BASE_URL's, a custom domain's), or
// while an undoable delete (bulk, of one link, of a domain with its links) holds a copy of such a link (the undo
// would bring the link back: the image stays until the undo window is over, plus a margin for an undo under way
// at the deadline).
// - A link whose og_image changes: the image it named goes at once if nothing else uses it (releaseOgImages).
// - Everything else (uploads never attached, images of deleted links once their undo window is over): the
//   sweep, every 10 minutes, deletes the unused images uploaded more than OG_IMAGE_GRACE_MS ago.
//   Until then they count toward the account's quota (og-images.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long an upload may wait to be attached to a link. */
export const OG_IMAGE_GRACE_MS = 24 * 3600_000;
/** Undos that started before their deadline may still be writing this long after it. */
const UNDO_MARGIN_MS = 3600_000;
const SWEEP_EVERY_MS = 600_000;
const CHUNK = 500;

const KEY_IN_URL = /\/\+og\/([A-Za-z0-9_-]{16})(?![A-Za-z0-9_-])/;

/** The uploaded image's key a URL names, or null. */
export function ogImageKeyOf(url: string | null | undefined): string | null {
  return url ? (KEY_IN_URL.exec(url)?.[1] ?? null) : null;
}

/** Deletes the account's images among `keys` that no link and no undoable delete uses; how many went. */
export async function deleteUnusedOgImages(db: Kysely<Database>, userId: number, keys: string[], now = Date.now()): Promise<number> {
  let deleted = 0;
  const undoable = new Date(now - UNDO_MARGIN_MS).toISOString();
  // LIKE: `_` in a key matches any character, which can only keep an image, never drop a used one.
  const names = (column: string) => sql`${sql.ref(column)} IS NOT NULL AND ${sql.ref(column)} LIKE '%/+og/' || og_images.key || '%'`;
  for (let i = 0; i < keys.length; i += CHUNK) {
    const part = [...new Set(keys.slice(i, i + CHUNK))];
    const r = await sql`DELETE FROM og_images WHERE user_id = ${userId} AND key IN (${sql.join(part)})
      AND NOT EXISTS (SELECT 1 FROM links l WHERE l.user_id = og_images.user_id AND ${names('l.og_image')})
      AND NOT EXISTS (SELECT 1 FROM operations o JOIN operation_deleted_links d ON d.operation_id = o.id
        WHERE o.user_id = og_images.user_id AND o.kind = 'delete' AND o.undone_at IS NULL AND o.undo_until > ${undoable} AND ${names('d.og_image')})`.execute(db);
    deleted += Number(r.numAffectedRows ?? 0);
  }
  return deleted;
}

/** After a link stopped naming `urls` (its og_image changed): their images go if unused. */
export async function releaseOgImages(db: Kysely<Database>, userId: number, urls: (string | null)[]): Promise<void> {
  const keys = urls.map(ogImageKeyOf).filter((k): k is string => k !== null);
  if (keys.length) await deleteUnusedOgImages(db, userId, keys);
}

/** Deletes every unused image uploaded more than `graceMs` ago, account by account; how many went. */
export async function sweepOgImages(db: Kysely<Database>, now = Date.now(), graceMs = OG_IMAGE_GRACE_MS): Promise<number> {
  const before = new Date(now - graceMs).toISOString();
  const owners = await db.selectFrom('og_images').select('user_id').distinct().where('created_at', '<', before).execute();
  let deleted = 0;
  for (const { user_id } of owners) {
    const rows = await db.selectFrom('og_images').select('key').where('user_id', '=', user_id).where('created_at', '<', before).execute();
    deleted += await deleteUnusedOgImages(db, user_id, rows.map((r) => r.key), now);
    // Let requests in between accounts.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}

/** Sweeps every 10 minutes (several PostgreSQL instances may all sweep: a delete of a deleted row is a no-op). */
export function scheduleOgImageSweep(db: Kysely<Database>, onError: (err: unknown) => void, everyMs = SWEEP_EVERY_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOgImages(db)
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
