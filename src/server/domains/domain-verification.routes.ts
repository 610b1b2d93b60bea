// GET /api/v1/domains/{id}/verification and POST /api/v1/domains/{id}/verify: the DNS records a
// custom domain needs with their states at the last check, and a check now. Registered inside the domains
// routes (prefix /domains); the checks are the app's (domain-checks.plugin.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { envelope } from '../../shared/objects/common.object';
import { domainVerificationObject } from '../../shared/objects/domain-verification.object';
import { notFound } from '../http/errors';
import { ok, parseId } from '../http/pagination';
import { idParams } from '../http/params';

const RECORDS =
  'The TXT record `_linkdeck.{name}` holds the domain\'s token; the routing records send visitors here: an A or AAAA record with this server\'s address, or (for a name that is not its zone\'s apex) a CNAME record to its host. The domain is verified, and takes traffic, once the TXT record is right and either the CNAME record or an address record is (with no address record of another server). A shared domain of another workspace is a 404 here.';

export async function domainVerificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const checks = app.domainChecks;
  const answer = envelope(domainVerificationObject);
  const tags = ['Domains'];
  const load = async (workspaceId: number, rawId: string) => {
    const row = await checks.row(workspaceId, parseId(rawId));
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/:id/verification',
    {
      schema: {
        tags,
        operationId: 'getDomainVerification',
        summary: "Get a domain's DNS records",
        description: `The records to set for the domain, each with its state at the last check (\`unknown\` before the first one). ${RECORDS} Checks run at once on \`POST /domains/{id}/verify\`, and periodically (DOMAIN_CHECK_EVERY for unverified domains younger than a week, else daily).`,
        params: idParams,
        response: { 200: answer },
      },
    },
    async (request) => ok(checks.verification(await load(request.workspace.id, request.params.id))),
  );

  app.post(
    '/:id/verify',
    {
      schema: {
        tags,
        operationId: 'verifyDomain',
        summary: "Check a domain's DNS records now",
        description: `Resolves the domain's records now (through DNS_RESOLVER, or the system's resolver) and answers them as \`GET /domains/{id}/verification\` does. ${RECORDS} A verified domain stays verified when its records change later (\`check_error\` and the states show it). No body.`,
        params: idParams,
        response: { 200: answer },
      },
    },
    async (request) => ok(checks.verification(await checks.check(await load(request.workspace.id, request.params.id)))),
  );
}
