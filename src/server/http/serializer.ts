// Answers are written with JSON.stringify, never rebuilt from their schema: a route's `response` schema
// documents the answer (OpenAPI) and types its handler. With CHECK_RESPONSES=1, as in the tests, each answer
// is also parsed with that schema first, so an answer that drifts from its documentation fails as a 500.
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from '@fastify/type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

export function responseSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!check || !(schema instanceof $ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = safeParse(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(data);
    };
  };
}
