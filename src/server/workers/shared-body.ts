// A request body read into shared memory (a SharedArrayBuffer), once: a pool thread reads it from there
// without a copy (imports). The limit is checked against Content-Length before a byte is read, and again
// as the bytes come; beyond it, Fastify's body-too-large error (a 413).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

class BodyTooLarge extends Error {
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';
  readonly statusCode = 413;
}

class BodyMismatch extends Error {
  readonly code = 'FST_ERR_CTP_INVALID_CONTENT_LENGTH';
  readonly statusCode = 400;
}

export function readShared(payload: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(payload.headers['content-length']);
  const known = Number.isSafeInteger(declared) && declared >= 0;
  if (known && declared > limit) {
    payload.resume();
    return Promise.reject(new BodyTooLarge('body too large'));
  }
  return new Promise((resolve, reject) => {
    // Known length: filled in place. Chunked: the chunks, copied once at the end.
    const out = known ? new Uint8Array(new SharedArrayBuffer(declared)) : null;
    const chunks: Buffer[] = [];
    let length = 0;
    const fail = (err: Error) => {
      payload.removeListener('data', onData);
      payload.resume();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      if (length + chunk.length > (out ? out.byteLength : limit)) return fail(out ? new BodyMismatch('body longer than Content-Length') : new BodyTooLarge('body too large'));
      if (out) out.set(chunk, length);
      else chunks.push(chunk);
      length += chunk.length;
    };
    payload.on('data', onData);
    payload.once('error', reject);
    payload.once('end', () => {
      if (out) return length === out.byteLength ? resolve(out) : reject(new BodyMismatch('body shorter than Content-Length'));
      const all = new Uint8Array(new SharedArrayBuffer(length));
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.length;
      }
      resolve(all);
    });
  });
}

/** Parses bodies of `types` into shared memory, at most `limit` bytes. */
export function sharedBodies(app: FastifyInstance, types: string[], limit: number): void {
  app.addContentTypeParser(types, (_request, payload, done) => {
    readShared(payload, limit).then(
      (body) => done(null, body),
      (err: Error) => done(err, undefined),
    );
  });
}
