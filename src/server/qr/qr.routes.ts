// QR codes of a link (GET /links/{id}/qr) and the account's QR style and logo (/account/qr-style, /account/qr-logo).
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { QR_LOGO_MAX_BYTES, checkQrStyle, qrQuerySchema, qrStyleIssues, qrStyleSchema, resolveQrStyle, type QrStyleBody } from '../../shared/qr.schema';
import { HttpError, fieldError, notFound, sendError, validationError } from '../http/errors';
import { idParams } from '../http/params';
import { ok, parseId } from '../http/pagination';
import { LinksRepo } from '../links/links.repo';
import { presentLink } from '../links/link.presenter';
import { QrStyleRepo } from './qr-style.repo';
import { QR_LOGO_MAX_SIDE, logoFits, pngHeaderSize } from './png-header';
import { HEAVY } from '../workers/heavy.plugin';
import { qrStyleObject } from '../../shared/objects/qr-style.object';
import { envelope } from '../../shared/objects/common.object';
import { qrUrl } from '../../shared/qr-marker';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TOO_MANY_PIXELS = `must be at most ${QR_LOGO_MAX_SIDE} pixels wide and high.`;
const styleAnswer = envelope(qrStyleObject);
const qrImage = {
  description: 'The QR code of the short URL with `?qr=1`, which tells its scans apart from other clicks.',
  content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/svg+xml': { schema: { type: 'string' } } },
};
const logoBody = z.unknown().meta({ type: 'string', format: 'binary', description: `The raw PNG, at most ${QR_LOGO_MAX_BYTES / 1024} KB and 2048 by 2048 pixels.` });

const logoTooLarge = () => new HttpError(413, `The logo is too large: it may be at most ${QR_LOGO_MAX_BYTES / 1024} KB.`);

/** GET /links/{id}/qr, registered under /links. */
async function linkQrRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const styles = new QrStyleRepo(app.ctx.db.kysely);
  const links = new LinksRepo(app.ctx.db.kysely);
  const heavy = app.heavy;

  app.get(
    '/:id/qr',
    {
      schema: {
        tags: ['Links'],
        operationId: 'getLinkQrCode',
        summary: "Get a link's QR code",
        description:
          "PNG or SVG of the short URL with `?qr=1`: the redirect counts a visit by it as a QR scan (the stats' `qr_scans`) and passes the rest of the query on without it. Parameters not given come from the account style (GET /account/qr-style); logo=1 puts the account logo in the middle.",
        params: idParams,
        querystring: qrQuerySchema.superRefine(checkQrStyle),
        response: { 200: qrImage },
      },
    },
    async (request, reply) => {
      const row = await links.find(request.workspace.id, parseId(request.params.id));
      if (!row) throw notFound();
      const { format, ...asked } = request.query;
      const saved = await styles.get(request.workspace.id);
      const style = resolveQrStyle(asked, saved.style);
      const issues: { field: string; message: string }[] = qrStyleIssues(style);
      if (style.logo && !saved.logo) issues.push({ field: 'logo', message: 'needs an uploaded logo first (PUT /api/v1/account/qr-logo).' });
      if (issues.length) throw validationError(issues);
      const shortUrl = presentLink(row, await links.related([row]), app.ctx.config.baseUrl).short_url;
      // Drawn on a pool thread, in turn with other accounts' heavy work (workers/heavy-pool.ts).
      const ticket = heavy.admit(reply, request.workspace.id);
      let image: string | Uint8Array;
      try {
        image = await heavy.pool.call(request.workspace.id, 'qr', { text: qrUrl(shortUrl), style, format: format === 'svg' ? 'svg' : 'png', logo: style.logo ? saved.logo : null });
      } finally {
        ticket.release();
      }
      reply.header('cache-control', 'private, no-cache');
      if (typeof image === 'string') return reply.type('image/svg+xml; charset=utf-8').send(image);
      return reply.type('image/png').send(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    },
  );
}

/** The account's style and logo, registered under /account. */
async function accountQrRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const styles = new QrStyleRepo(app.ctx.db.kysely);
  const heavy = app.heavy;
  const tags = ['Account'];
  const body = async (userId: number): Promise<QrStyleBody> => ({ ...(await styles.get(userId)).style, has_logo: await styles.hasLogo(userId) });

  app.addContentTypeParser('image/png', { parseAs: 'buffer', bodyLimit: QR_LOGO_MAX_BYTES }, (_req, payload, done) => done(null, payload));
  app.setErrorHandler((error: FastifyError, _request, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, logoTooLarge());
    throw error;
  });

  const docs = {
    get: { operationId: 'getQrStyle', summary: 'Get the default QR style', description: 'The style QR codes of your links get for the parameters a request leaves out, and whether a logo is uploaded.' },
    put: {
      operationId: 'setQrStyle',
      summary: 'Set the default QR style',
      description: 'Replaces the whole style: fields left out get the built-in defaults (black on white, 512 pixels, margin 2, ecc M, or H with a logo). `logo=1` needs an uploaded logo.',
    },
    upload: {
      operationId: 'uploadQrLogo',
      summary: 'Upload the QR logo',
      description: `The raw PNG as the body (Content-Type: image/png), at most ${QR_LOGO_MAX_BYTES / 1024} KB; it replaces the previous logo. Answers the style.`,
    },
    remove: { operationId: 'deleteQrLogo', summary: 'Remove the QR logo', description: 'Deletes the uploaded logo and turns `logo` off in the style. Answers the style.' },
  };

  app.get('/qr-style', { schema: { tags, ...docs.get, response: { 200: styleAnswer } } }, async (request) => ok(await body(request.workspace.id)));

  app.put('/qr-style', { schema: { tags, ...docs.put, body: qrStyleSchema, response: { 200: styleAnswer } } }, async (request) => {
    if (request.body.logo && !(await styles.hasLogo(request.workspace.id))) throw fieldError('logo', 'needs an uploaded logo first (PUT /api/v1/account/qr-logo).');
    await styles.saveStyle(request.workspace.id, request.body);
    return ok(await body(request.workspace.id));
  });

  app.put(
    '/qr-logo',
    { schema: { tags, ...docs.upload, consumes: ['image/png'], body: logoBody, response: { 200: styleAnswer } } },
    async (request, reply) => {
      const png = request.body;
      if (!Buffer.isBuffer(png) || png.length === 0) throw fieldError('logo', 'must be sent as the body, with Content-Type: image/png.');
      if (png.length > QR_LOGO_MAX_BYTES) throw logoTooLarge();
      if (!png.subarray(0, 8).equals(PNG_MAGIC)) throw fieldError('logo', 'must be a PNG image.');
      // Measured from its header before anything decodes it: a small file may declare a huge image.
      const declared = pngHeaderSize(png);
      if (!declared) throw fieldError('logo', 'is not a readable PNG image.');
      if (!logoFits(declared)) throw fieldError('logo', TOO_MANY_PIXELS);
      const ticket = heavy.admit(reply, request.workspace.id);
      const size = await heavy.pool.call(request.workspace.id, 'logoSize', png).finally(() => ticket.release());
      if (!size) throw fieldError('logo', 'is not a readable PNG image.');
      if (!logoFits(size)) throw fieldError('logo', TOO_MANY_PIXELS);
      await styles.saveLogo(request.workspace.id, png);
      return ok(await body(request.workspace.id));
    },
  );

  app.delete('/qr-logo', { schema: { tags, ...docs.remove, response: { 200: styleAnswer } } }, async (request) => {
    await styles.saveLogo(request.workspace.id, null);
    const current = await styles.get(request.workspace.id);
    if (current.style.logo) await styles.saveStyle(request.workspace.id, { ...current.style, logo: false });
    return ok(await body(request.workspace.id));
  });
}

// Encapsulated as any routes; named, so that an app without the heavy-work pool fails at boot.
export const qrRoutes = fp(linkQrRoutes, { name: 'linkdeck-qr-routes', dependencies: [HEAVY], encapsulate: true });
export const qrAccountRoutes = fp(accountQrRoutes, { name: 'linkdeck-qr-account-routes', dependencies: [HEAVY], encapsulate: true });
