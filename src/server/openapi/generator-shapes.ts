// The shapes that let every client generator read the document the same way (proved by
// client-generators.test.ts): a union of literals is one enum, a path id is an integer, and each schema of a body
// or an answer with several media types is a named component. openapi-document.ts applies them.
import type { OpenAPIV3_1 } from 'openapi-types';
import { MAX_ID } from '../../shared/fields';

type Json = Record<string, unknown>;
type Schemas = Record<string, OpenAPIV3_1.SchemaObject>;

/** A schema that is one literal and says nothing else: `{type, const}` or `{type, enum: [value]}`. */
function literalOf(schema: unknown): { type: unknown; value: unknown } | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as Json;
  const keys = Object.keys(s).sort().join();
  if (keys === 'const,type') return { type: s.type, value: s.const };
  if (keys === 'enum,type' && Array.isArray(s.enum) && s.enum.length === 1) return { type: s.type, value: s.enum[0] };
  return undefined;
}

/**
 * zod writes a union of literals (`flag01`'s 0 | 1, a link's status 1 | 2 | 3, per_page's 10 | 25 | ...) as an
 * `anyOf` of one-value schemas, of which generators make one type or enum member each. Written as one `enum` of
 * one type it is the same set of values, and every generator makes one enum of it. Unions of mixed types, or with
 * anything but literals (null, objects), stay as they are. A zod-to-JSON-Schema `override`: changes `schema` in place.
 */
export function literalUnionAsEnum(schema: Json): void {
  if (!Array.isArray(schema.anyOf) || schema.anyOf.length < 2) return;
  const literals = schema.anyOf.map(literalOf);
  if (literals.some((l) => !l)) return;
  const types = new Set(literals.map((l) => l!.type));
  if (types.size !== 1) return;
  const values = [...new Set(literals.map((l) => l!.value))];
  const [type] = types;
  delete schema.anyOf;
  schema.type = type === 'number' && values.every(Number.isInteger) ? 'integer' : type;
  schema.enum = values;
}

/**
 * `{id}`, `{link_id}`, `{revision_id}`: a route takes the segment as text and parseId answers 404 for anything but
 * a positive integer up to MAX_ID (a missing id, not a bad field); the document shows what a client sends, an
 * integer, so that the id a link comes back with is the one its path takes, without `String(id)`.
 */
export function pathIdsAsIntegers(op: OpenAPIV3_1.OperationObject): void {
  for (const param of op.parameters ?? []) {
    if ('in' in param && param.in === 'path' && /^(id|\w+_id)$/.test(param.name)) param.schema = { type: 'integer', minimum: 1, maximum: MAX_ID };
  }
}

const pascal = (words: string) =>
  words
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `image/svg+xml` -> `Svg`, `text/csv` -> `Csv`, `multipart/form-data` -> `FormData`. */
const mediaName = (type: string) => pascal((type.split('/')[1] ?? type).split(/[+;]/)[0]!.replace(/^x-/, ''));

/**
 * A body or an answer with several media types: each schema written in place becomes a component, named after the
 * operation (`createLink` -> `CreateLinkBody` for a body whose JSON and form share one schema; `GetLinkQrCodePng`
 * and `GetLinkQrCodeSvg` for an answer whose types differ), so that a generator names each type once rather than
 * numbering inline copies (orval then sends a shared body as JSON, with its Content-Type).
 */
export function nameMediaSchemas(name: string, content: Record<string, OpenAPIV3_1.MediaTypeObject>, schemas: Schemas): void {
  const media = Object.entries(content);
  if (media.length < 2) return;
  const shared = new Set(media.map(([, m]) => JSON.stringify(m.schema))).size === 1;
  for (const [type, m] of media) {
    if (!m.schema || '$ref' in m.schema) continue;
    const key = shared ? name : `${name}${mediaName(type)}`;
    if (schemas[key] && JSON.stringify(schemas[key]) !== JSON.stringify(m.schema)) throw new Error(`OpenAPI: components.schemas.${key} is taken`);
    schemas[key] = m.schema;
    m.schema = { $ref: `#/components/schemas/${key}` };
  }
}

/** The name an operation's schemas start with: `createLink` -> `CreateLink`. */
export const operationName = (op: OpenAPIV3_1.OperationObject) => pascal(op.operationId ?? '');
