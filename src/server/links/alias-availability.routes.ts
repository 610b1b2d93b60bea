// GET /api/v1/links/alias-availability: the link editor's live check, "taken" or "free" as the user
// types. A static path: /links/:id never shadows it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { aliasAvailabilityQuerySchema } from '../../shared/alias-availability.schema';
import { aliasAvailabilityObject } from '../../shared/objects/alias-availability.object';
import { envelope } from '../../shared/objects/common.object';
import { ok } from '../http/pagination';
import { aliasAvailability } from './alias-availability';

export async function aliasAvailabilityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const docs = {
    operationId: 'checkAliasAvailability',
    summary: 'Check an alias',
    description:
      'Whether `alias` is free on a domain (`domain_id`, or the default domain), by the rules `POST /links` runs: its format, the reserved words, and no other link having it there. With `link_id` (an edit), the link\'s own alias is free for it and its own domain is checked. A `domain_id` or `link_id` that is not yours is a 422; an alias that cannot be valid answers 200 with `available: false` and the reason. Nothing is reserved by asking.',
  };
  const schema = { tags: ['Links'], ...docs, querystring: aliasAvailabilityQuerySchema, response: { 200: envelope(aliasAvailabilityObject) } };
  app.get('/alias-availability', { schema }, async (request) => ok(await aliasAvailability(app.links, request.workspace.id, request.query)));
}
