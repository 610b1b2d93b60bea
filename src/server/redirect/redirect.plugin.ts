// The public side: `/{alias}` and `/` on every host. (Placeholder until the redirect engine lands.)
import type { FastifyInstance } from 'fastify';

export async function redirectPlugin(app: FastifyInstance): Promise<void> {
  app.get('/', async (_request, reply) => reply.redirect('/dashboard/'));
}
