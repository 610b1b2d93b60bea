// The error answers of contract section 2, as reusable OpenAPI responses (components.responses), and which of
// them an operation can give.
import type { OpenAPIV3_1 } from 'openapi-types';

const errorRef = { $ref: '#/components/schemas/Error' };

function errorResponse(description: string, example: Record<string, unknown>, headers?: OpenAPIV3_1.ResponseObject['headers']): OpenAPIV3_1.ResponseObject {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorRef, example } },
  };
}

export const ERROR_RESPONSES = {
  BadRequest: errorResponse('The body could not be read: JSON that does not parse, or a Content-Length that does not match it.', {
    message: 'The request body is not valid JSON.',
    status: 400,
  }),
  Unauthenticated: errorResponse('The `Authorization: Bearer <API key>` header is missing, malformed or names no key; or the key has expired, or is a key of a workspace its person has left.', {
    message: 'Unauthenticated.',
    status: 401,
  }),
  Forbidden: errorResponse('Only admins of the instance may do this, with their sign-in key.', { message: 'This action is unauthorized.', status: 403 }),
  MissingScope: errorResponse(
    "The key, or your role in the workspace, lacks the scope this operation needs (`x-linkdeck-scope`): `scope` names it and `message` says which of the two lacks it. An operation only your sign-in key may call answers 403 to a key of a workspace too.",
    { message: 'This request needs the scope links:write, which your role in this workspace (viewer) does not have.', status: 403, scope: 'links:write' },
  ),
  NotFound: errorResponse("No such id, or it belongs to another workspace (both answer alike); or the `Linkdeck-Workspace` header names a workspace you are not a member of.", {
    message: 'Resource not found.',
    status: 404,
  }),
  PayloadTooLarge: errorResponse('The body is larger than this operation takes.', { message: 'The request body is too large.', status: 413 }),
  UnsupportedMediaType: errorResponse("The request has a body without a Content-Type, or of a type this operation does not take (see its request body); `message` says which to send.", {
    message: 'The request has a body but no Content-Type header: send it with Content-Type: application/json (or application/x-www-form-urlencoded).',
    status: 415,
  }),
  ValidationFailed: errorResponse(
    'A field of the body or the query is invalid; `errors` names each field (nested ones with dots) and `message` repeats the first.',
    { message: 'The url field is required.', errors: { url: ['The url field is required.'] }, status: 422 },
  ),
  TooManyRequests: errorResponse(
    'More requests this minute than `API_RATE_LIMIT` allows for this key.',
    { message: 'Too Many Requests.', status: 429 },
    { 'Retry-After': { description: 'Seconds until the window resets.', schema: { type: 'integer' } } },
  ),
} satisfies Record<string, OpenAPIV3_1.ResponseObject>;

type ErrorName = keyof typeof ERROR_RESPONSES;
/**
 * An error a route declares beyond the derived ones (`'x-errors'`): a 404 for an id in the query, a 422 of a route
 * without a body or a query that refuses what its path names (the last owner leaving, a used invitation).
 */
export type ExtraError = '404' | '422';

/**
 * The error answers an operation can give: by what it takes (a path id, a query, a body) and who may call it
 * (`refusal`: its 403, if it has one).
 */
export function errorsOf(path: string, op: OpenAPIV3_1.OperationObject, refusal: 'Forbidden' | 'MissingScope' | null, extra: ExtraError[] = []): [string, ErrorName][] {
  const errors: [string, ErrorName][] = [['401', 'Unauthenticated']];
  if (refusal) errors.push(['403', refusal]);
  if (path.includes('{') || extra.includes('404')) errors.push(['404', 'NotFound']);
  if (op.requestBody) {
    errors.push(['400', 'BadRequest'], ['413', 'PayloadTooLarge'], ['415', 'UnsupportedMediaType']);
  }
  if (op.requestBody || (op.parameters ?? []).some((p) => 'in' in p && p.in === 'query') || extra.includes('422')) {
    errors.push(['422', 'ValidationFailed']);
  }
  errors.push(['429', 'TooManyRequests']);
  return errors.sort(([a], [b]) => a.localeCompare(b));
}
