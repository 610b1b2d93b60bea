// GET /api/v1/links/alias-availability: whether an alias is free on a domain, for the editor's live
// check. The alias is judged by the rules a create runs (shared/link.schema.ts's aliasField: format, reserved
// words; the links core: taken on that domain); the query itself is checked here (a bad id is a 422).
import { z } from 'zod';
import { MAX_ID, queryInt } from './fields';
import type { aliasAvailabilityObject } from './objects/alias-availability.object';

export const aliasAvailabilityQuerySchema = z.object({
  alias: z.string().trim().min(1).meta({ description: 'The alias to check, as typed (surrounding blanks are trimmed, as a create does).' }),
  domain_id: queryInt(1, MAX_ID).meta({ description: 'One of your domains; absent: the default domain.' }),
  link_id: queryInt(1, MAX_ID).meta({ description: 'One of your links (an edit): its own alias is free for it.' }),
});

export type AliasAvailabilityQuery = z.output<typeof aliasAvailabilityQuerySchema>;

/** The answer (its schema is the API document's `AliasAvailability`). */
export type AliasAvailability = z.output<typeof aliasAvailabilityObject>;
