// OpenAPI 3.1 generated from the same zod schemas the routes validate with, and a reference page.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentTransform, routeTransform } from './openapi-document';

const PUBLIC = /^\/api\/v1\/(openapi\.json|docs)(\/|\?|$)/;

export const isPublicApiPath = (url: string) => PUBLIC.test(url);

async function openApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Linkdeck API',
        version: '1.0.0',
        description:
          'Domains, links, spaces, pixels, stats, webhooks and accounts. Bodies: application/x-www-form-urlencoded with bracket notation, or JSON. Every request carries `Authorization: Bearer <API key>`.',
      },
      servers: [{ url: app.ctx.config.baseUrl }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{ apiKey: [] }],
    },
    transform: routeTransform,
    transformObject: documentTransform,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

export const openApiPlugin = fp(openApi, { name: 'linkdeck-openapi' });
