// Images uploaded for link previews: an account uploads a PNG, JPEG, WebP or GIF of at most 1 MB
// (POST /api/v1/og-images, the raw file as the body) and gets a public URL, /+og/{key} on BASE_URL, to use
// as a link's og_image; the public route serves it on any domain ("+" never starts an alias).
// Quotas: an account holds at most OG_IMAGE_QUOTA_COUNT images of OG_IMAGE_QUOTA_MB in all; an
// upload past either is a 413, as a too-large image is. Unused images are deleted (og-image-orphans.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/dialect';
import { HttpError, fieldError, notFound, sendError } from '../http/errors';
import { nowIso } from '../db/sql-values';
import { scheduleOgImageSweep } from './og-image-orphans';
import { envelope } from '../../shared/objects/common.object';
import { OG_IMAGE_TYPES, ogImageObject, type OgImageType } from '../../shared/objects/og-image.object';

export const OG_IMAGE_MAX_BYTES = 1024 * 1024;
const TYPES: string[] = [...OG_IMAGE_TYPES];
/** HTTP 201; the body's status is 200, as on every success (contract section 2). */
const ogImageAnswer = envelope(ogImageObject);
const imageBody = z.unknown().meta({ type: 'string', format: 'binary', description: 'The raw image (PNG, JPEG, WebP or GIF), at most 1 MB.' });

/** The image type the bytes say, or null (the Content-Type is not trusted). */
export function sniffImage(b: Buffer): OgImageType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  return null;
}

const tooLarge = () => new HttpError(413, `The image is too large: link preview images may be at most ${OG_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);

const mb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`);
const UNUSED = 'Unused images are deleted: when their link changes its image or is deleted (a bulk delete: once it can no longer be undone), and 24 hours after upload when never used.';

/** Stores an upload unless it takes the account past its quota (checked and written under the account's lock). */
async function storeWithinQuota(db: Kysely<Database>, config: Config, row: { key: string; user_id: number; type: string; data: Buffer }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: concurrent uploads of one account queue here (SQLite runs one write transaction at a time).
    if (isPostgres(db)) await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
    const held = await trx
      .selectFrom('og_images')
      .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(size), 0)`.as('bytes')])
      .where('user_id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const [n, bytes] = [Number(held.n), Number(held.bytes)];
    if (n + 1 > config.ogImageQuotaCount) {
      throw new HttpError(413, `Your account holds ${n} preview images, the most it may hold (${config.ogImageQuotaCount}). ${UNUSED}`);
    }
    if (bytes + row.data.length > config.ogImageQuotaBytes) {
      throw new HttpError(413, `Your preview images take ${mb(bytes)}; this one (${mb(row.data.length)}) would go past your account's ${mb(config.ogImageQuotaBytes)}. ${UNUSED}`);
    }
    await trx.insertInto('og_images').values({ ...row, size: row.data.length, created_at: nowIso() }).execute();
  });
}

/** POST /og-images, registered under /api/v1. */
export async function ogImagesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.db.kysely;
  const stopSweep = scheduleOgImageSweep(db, (err) => app.log.warn({ err }, 'preview image sweep'));
  app.addHook('onClose', async () => stopSweep());
  app.addContentTypeParser(TYPES, { parseAs: 'buffer', bodyLimit: OG_IMAGE_MAX_BYTES }, (_req, payload, done) => done(null, payload));
  app.setErrorHandler((error: FastifyError, _request, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, tooLarge());
    throw error;
  });
  app.post(
    '/',
    {
      schema: {
        tags: ['Links'],
        operationId: 'uploadOgImage',
        summary: 'Upload a link preview image',
        description: `The raw image as the body (PNG, JPEG, WebP or GIF, at most 1 MB). Answers 201 with its public URL, to send as a link's og_image. An account holds at most OG_IMAGE_QUOTA_COUNT images (default 100) of OG_IMAGE_QUOTA_MB in all (default 50): past either, 413. Images no link uses are deleted (uploads never used: after 24 hours).`,
        consumes: TYPES,
        body: imageBody,
        response: { 201: ogImageAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw fieldError('image', `must be sent as the body, with Content-Type ${TYPES.join(', ')}.`);
      const type = sniffImage(body);
      if (!type) throw fieldError('image', 'must be a PNG, JPEG, WebP or GIF image.');
      const key = randomBytes(12).toString('base64url');
      await storeWithinQuota(db, app.ctx.config, { key, user_id: request.workspace.id, type, data: body });
      return reply.code(201).send({ data: { key, url: `${app.ctx.config.baseUrl}/+og/${key}`, type, size: body.length }, status: 200 as const });
    },
  );
}

/** GET /+og/{key}: the image, public and cacheable, on every host. */
export async function ogImagesPublic(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.kysely;
  app.get<{ Params: { key: string } }>('/+og/:key', async (request, reply) => {
    const key = request.params.key;
    const row = /^[A-Za-z0-9_-]{16}$/.test(key) ? await db.selectFrom('og_images').select(['type', 'data']).where('key', '=', key).executeTakeFirst() : undefined;
    if (!row) return sendError(reply, notFound());
    return reply
      .type(row.type)
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(row.data));
  });
}
