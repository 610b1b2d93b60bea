import { z } from 'zod';

/**
 * `{id}` path parameter; anything but a positive integer answers 404 in the handler (parseId). The document shows
 * every path id as the integer a client sends (openapi/generator-shapes.ts).
 */
export const idParams = z.object({ id: z.string() });
