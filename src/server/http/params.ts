import { z } from 'zod';

/** `{id}` path parameter; anything but a positive integer answers 404 in the handler (parseId). */
export const idParams = z.object({ id: z.string() });
