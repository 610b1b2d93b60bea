// Error bodies of contract section 2, and the one error handler that produces them.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RuleError } from '../rule-error';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from '@fastify/type-provider-zod';
import { errorsBag, sentence } from '../../shared/zod-messages';
import { isDatabaseUnavailable } from '../db/errors';
import { sendPage } from '../redirect/respond';
import { unavailablePage } from '../redirect/pages/pages';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return this.errors
      ? { message: this.message, errors: this.errors, status: this.statusCode }
      : { message: this.message, status: this.statusCode };
  }
}

export const notFound = () => new HttpError(404, 'Resource not found.');
export const forbidden = () => new HttpError(403, 'This action is unauthorized.');
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');

/** A 422 naming one field; `message` is a predicate such as "has already been taken.". */
export function fieldError(field: string, message: string): HttpError {
  return validationError([{ field, message }]);
}

export function validationError(issues: { field: string; message: string }[]): HttpError {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of issues) (errors[field] ??= []).push(sentence(field, message));
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError(422, first, errors);
}

const fastifyCodes: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty but its Content-Type is application/json.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.'],
};

/** The body types a route reads: those it names (`consumes`, or a body it documents itself), else JSON and forms. */
function bodyTypes(request: FastifyRequest): string[] {
  const schema = request.routeOptions.schema as { consumes?: string[]; 'x-body'?: { content?: Record<string, unknown> } } | undefined;
  const named = schema?.consumes ?? Object.keys(schema?.['x-body']?.content ?? {});
  return named.length ? named : ['application/json', 'application/x-www-form-urlencoded'];
}

/**
 * A body without a Content-Type, or of a type the route does not read, is a 415 that says what to send. A string
 * body given to fetch without a Content-Type goes out as text/plain: the README's 415, not the 422 "The body field
 * must be an object" it was while fastify's own text/plain parser read it (registerErrorHandling removes that one).
 */
export function unsupportedMediaType(request: FastifyRequest): HttpError {
  const [first, ...others] = bodyTypes(request);
  const send = `send it with Content-Type: ${first}${others.length ? ` (or ${others.join(', ')})` : ''}.`;
  const type = request.headers['content-type']?.split(';')[0]?.trim().slice(0, 100);
  return new HttpError(415, type ? `The body's Content-Type ${type} is not one this request takes: ${send}` : `The request has a body but no Content-Type header: ${send}`);
}

function contextName(ctx: string | undefined): string {
  return ctx === 'querystring' ? 'query' : ctx === 'params' ? 'path' : 'body';
}

export function sendError(reply: FastifyReply, err: HttpError): FastifyReply {
  return reply.code(err.statusCode).type('application/json; charset=utf-8').send(err.body());
}

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

/** Where an answer left its schema; for a union, what each of its shapes found wrong. */
function driftOf(issues: readonly Issue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((i) => {
    const path = [...prefix, ...i.path];
    if (i.code === 'invalid_union' && i.errors?.length) {
      return [`${path.map(String).join('.') || '(root)'}: none of its shapes fits (${i.errors.map((branch) => driftOf(branch, path).join(', ')).join(' | ')})`];
    }
    return [`${path.map(String).join('.') || '(root)'}: ${i.message}`];
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  // No route reads text/plain (those that take files add their own types): such a body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return sendError(reply, error);
    if (error instanceof RuleError) return sendError(reply, validationError(error.issues));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'is invalid.',
        code: 'custom' as const,
      }));
      const bag = errorsBag(issues, contextName(error.validationContext));
      return sendError(reply, new HttpError(422, bag.message, bag.errors));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(reply, unsupportedMediaType(request));
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return sendError(reply, new HttpError(known[0], known[1]));
    if (error.statusCode === 429) return sendError(reply, new HttpError(429, 'Too Many Requests.'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, new HttpError(error.statusCode, 'The request could not be understood.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      if (!request.url.startsWith('/api/')) return sendPage(reply, 503, unavailablePage());
      return sendError(reply, new HttpError(503, 'Service Unavailable.'));
    }
    if (isResponseSerializationError(error)) {
      // Only with CHECK_RESPONSES=1 (the tests): say where the answer left its documented schema.
      const where = driftOf(error.cause.issues).join('; ');
      request.log.error({ err: error }, 'answer does not match its schema');
      return sendError(reply, new HttpError(500, `The answer does not match its documented schema: ${where}`));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new HttpError(500, 'Server Error.'));
  });
}
