// OpenAPI 3.1 generated from the same zod schemas the routes validate with, and a reference page.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentTransform, routeTransform } from './openapi-document';
import { BEARER_DESCRIPTION } from './access-docs';

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
      // Relative: the API answers on every host, and the reference page's "Try it out" stays on its own origin.
      servers: [{ url: '/', description: 'This Linkdeck (every domain of it serves the API)' }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: BEARER_DESCRIPTION } } },
      security: [{ apiKey: [] }],
    },
    transform: routeTransform,
    transformObject: documentTransform,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The page's asset URLs carry the /api/v1 scope this plugin is registered under.
    indexPrefix: '/api/v1',
    // No badge that sends the document's URL to validator.swagger.io.
    uiConfig: { validatorUrl: null, deepLinking: true, layout: 'BaseLayout' },
    theme: { title: 'Linkdeck API reference' },
    staticCSP: true,
    // Swagger UI sets inline styles; plain-http installs must not have their requests upgraded to https.
    transformStaticCSP: (header) =>
      header.replace(' validator.swagger.io', '').replace(/style-src 'self' https: ?;/, "style-src 'self' https: 'unsafe-inline';").replace(' upgrade-insecure-requests;', ''),
  });
}

export const openApiPlugin = fp(openApi, { name: 'linkdeck-openapi' });
