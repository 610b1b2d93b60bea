// How the routes' schemas become the OpenAPI document. Per route (routeTransform): zod schemas become JSON
// Schema (named components by their registry `id`), answers that are not JSON (PNG, SVG, CSV, event
// streams) pass through as written, and every JSON body is also documented as a form. On the whole document
// (documentTransform): each operation gets the error answers it can give, form bodies their bracket
// encoding, and the routes' own `x-` notes are turned into examples or dropped; generator-shapes.ts makes
// path ids integers and unions of literals enums, and names the schemas of bodies and answers with several
// media types.
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from '@fastify/type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { $ZodType } from 'zod/v4/core';
import { ERROR_RESPONSES, errorsOf, type ExtraError } from './error-responses';
import { literalUnionAsEnum, nameMediaSchemas, operationName, pathIdsAsIntegers } from './generator-shapes';
import { accessDocs, refusalOf, type AccessDoc } from './access-docs';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const zodConfig = {
  zodToJsonConfig: { unrepresentable: 'any', override: (ctx: { jsonSchema: Record<string, unknown> }) => literalUnionAsEnum(ctx.jsonSchema) },
} as const;
const zodTransform = createJsonSchemaTransform({ skipList: [], ...zodConfig } as never);
const zodTransformObject = createJsonSchemaTransformObject(zodConfig as never);

/** Route options the document reads beyond fastify's own (the access of each route comes from auth/route-scopes.ts). */
export interface RouteDocs {
  /** Example body of the request and of the success answer, shown in the reference and checked by Redocly. */
  'x-examples'?: { request?: unknown; response?: unknown };
  /** A body the route reads itself (a file upload): documented as written, not validated by fastify. */
  'x-body'?: OpenAPIV3_1.RequestBodyObject;
  /** Errors beyond those errorsOf derives, e.g. a 404 for an id in the query. */
  'x-errors'?: ExtraError[];
}

/** Admin-only: a security requirement naming the `admin` role (OpenAPI 3.1 allows role names for http schemes). */
export const isAdminOnly = (op: Pick<OpenAPIV3_1.OperationObject, 'security'>) =>
  (op.security ?? []).some((req) => Object.values(req).some((roles) => roles.includes('admin')));

/** The access the document shows for a route (access-docs.ts); one for all its methods. */
function routeAccessDocs(input: Parameters<SwaggerTransform>[0]): Record<string, unknown> {
  if ((input.schema as { hide?: boolean } | undefined)?.hide) return {};
  const scope = (input.route.config as { scope?: string } | undefined)?.scope;
  const [first, ...others] = [input.route.method].flat().map((method) => accessDocs(method, input.url, scope));
  if (others.some((doc) => JSON.stringify(doc) !== JSON.stringify(first))) throw new Error(`${input.url}: its methods need different scopes: give each its own route`);
  return first ?? {};
}

export const routeTransform: SwaggerTransform = (input) => {
  const response = (input.schema?.response ?? {}) as Record<string, unknown>;
  const zodAnswers = Object.fromEntries(Object.entries(response).filter(([, s]) => s instanceof $ZodType));
  const rawAnswers = Object.fromEntries(Object.entries(response).filter(([, s]) => !(s instanceof $ZodType)));
  const schema = { ...input.schema, ...routeAccessDocs(input), response: Object.keys(zodAnswers).length ? zodAnswers : undefined };
  const out = zodTransform({ ...input, schema } as never);
  const result = out.schema as Record<string, unknown>;
  if (Object.keys(rawAnswers).length) result.response = { ...(result.response as object), ...rawAnswers };
  if (result.body && !result.consumes) result.consumes = [JSON_TYPE, FORM];
  return out;
};

const BRACKETS =
  'Send it as JSON, or as a form (`application/x-www-form-urlencoded`) with the same field names and bracket notation for lists and nested fields: `pixel_ids[]=1&pixel_ids[]=2`, `targets[0][key]=US&targets[0][value]=https://example.com/us`.';

type Operation = OpenAPIV3_1.OperationObject & RouteDocs;

/** Form bodies: lists and nested objects are sent with brackets (deepObject, exploded). */
function describeForm(body: OpenAPIV3_1.RequestBodyObject): void {
  const form = body.content[FORM];
  if (!form) return;
  body.description ??= BRACKETS;
  const props = (form.schema as OpenAPIV3_1.SchemaObject | undefined)?.properties ?? {};
  const encoding: Record<string, OpenAPIV3_1.EncodingObject> = {};
  for (const [name, prop] of Object.entries(props)) {
    const type = (prop as OpenAPIV3_1.SchemaObject).type;
    const nested = type === 'array' || type === 'object' || JSON.stringify(prop).includes('"type":"array"');
    if (nested) encoding[name] = { style: 'deepObject', explode: true };
  }
  if (Object.keys(encoding).length) form.encoding = encoding;
}

function addExamples(op: Operation): void {
  const examples = op['x-examples'];
  delete op['x-examples'];
  if (!examples) return;
  const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (examples.request !== undefined && body) {
    for (const media of Object.values(body.content)) media.example = examples.request;
  }
  const success = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith('2'))?.[1] as OpenAPIV3_1.ResponseObject | undefined;
  const media = success?.content?.[JSON_TYPE];
  if (examples.response !== undefined && media) media.example = examples.response;
}

/** A success answer's description: its schema's (a named one, or the object in its `data`). */
function describeSuccess(op: Operation, schemas: Record<string, OpenAPIV3_1.SchemaObject>): void {
  for (const [code, value] of Object.entries(op.responses ?? {})) {
    const answer = value as OpenAPIV3_1.ResponseObject;
    if (!code.startsWith('2') || answer.description !== 'Default Response') continue;
    type Ref = { $ref?: string; properties?: Record<string, { $ref?: string }> };
    const schema = answer.content?.[JSON_TYPE]?.schema as Ref | undefined;
    const ref = schema?.$ref ?? schema?.properties?.data?.$ref;
    answer.description = (ref && schemas[ref.split('/').pop() ?? '']?.description) || op.summary || 'Success.';
  }
}

/** Each schema of a body or an answer with several media types, as a component named after the operation. */
function nameSchemas(op: Operation, schemas: Record<string, OpenAPIV3_1.SchemaObject>): void {
  if (!op.operationId) return;
  const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (body) nameMediaSchemas(`${operationName(op)}Body`, body.content, schemas);
  for (const answer of Object.values(op.responses ?? {}) as OpenAPIV3_1.ResponseObject[]) {
    if (answer.content) nameMediaSchemas(operationName(op), answer.content, schemas);
  }
}

/** zod's input twins (`LinkInput`) of answer-only schemas: nothing refers to them. */
function dropUnused(doc: OpenAPIV3_1.Document): void {
  const schemas = doc.components?.schemas ?? {};
  for (;;) {
    const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } }) + JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (!unused.length) return;
    for (const name of unused) delete schemas[name];
  }
}

export const documentTransform: SwaggerTransformObject = (input) => {
  const doc = zodTransformObject(input) as OpenAPIV3_1.Document;
  doc.components = { ...doc.components, responses: { ...doc.components?.responses, ...ERROR_RESPONSES } };
  dropUnused(doc);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      const op = value as Operation;
      if (op['x-body']) op.requestBody = op['x-body'];
      const extra = op['x-errors'] ?? [];
      delete op['x-body'];
      delete op['x-errors'];
      const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      if (body) describeForm(body);
      // fastify-swagger marks every body required; a DELETE's (bulk delete: the selection) may be left out.
      if (body && method === 'delete') body.required = false;
      addExamples(op);
      describeSuccess(op, doc.components.schemas ?? {});
      pathIdsAsIntegers(op);
      nameSchemas(op, (doc.components.schemas ??= {}));
      // A workspace that the Linkdeck-Workspace header names and the caller is no member of is a 404 too.
      const byHeader = (op as { 'x-linkdeck-access'?: AccessDoc })['x-linkdeck-access']?.workspace === 'header';
      for (const [code, name] of errorsOf(path, op, refusalOf(op), byHeader ? [...extra, '404'] : extra)) {
        op.responses = { ...op.responses, [code]: { $ref: `#/components/responses/${name}` } };
      }
    }
  }
  return doc;
};
