// Invitations: a workspace's admins make one with a role and an expiry, and get a link (no email is
// sent); they list and revoke them (members:read / members:write). Whoever opens the link, signed in with their
// sign-in key, sees what it offers and accepts it once: they join with its role (route-scopes.ts: /invitations).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { invitationCreateSchema, invitationListQuerySchema, type Invitation } from '../../shared/invitation.schema';
import { inviteRefusal } from '../../shared/member-rules';
import { invitationAcceptedObject, invitationObject, invitationPreviewObject, newInvitationObject } from '../../shared/objects/invitation.object';
import { envelope, pageOf } from '../../shared/objects/common.object';
import { effectiveScopes } from '../../shared/api-scopes';
import { ok, paginate, parseId } from '../http/pagination';
import { fieldError, notFound } from '../http/errors';
import { idParams } from '../http/params';
import { INVITATION_TOKEN } from '../auth/secrets';
import { keyScopesOf } from '../auth/request-workspace';
import { InvitationsRepo, type InvitationRow } from './invitations.repo';
import { WorkspacesRepo } from './workspaces.repo';
import { invitationAcceptedExample, invitationCreateExample, invitationPreviewExample, newInvitationExample } from './team.examples';

const invitationPage = pageOf(invitationObject, 'Invitation');
const invitationParams = z.object({ id: z.string(), invitation_id: z.string() });
const tokenParams = z.object({ token: z.string().meta({ description: 'The invitation\'s token: the last segment of its link.' }) });
const tags = ['Invitations'];

/** Why an invitation that is no longer pending cannot be used. */
const CLOSED: Record<Exclude<Invitation['status'], 'pending'>, (row: InvitationRow) => string> = {
  accepted: () => 'This invitation was already used: each invitation works once. Ask for a new one.',
  revoked: () => 'This invitation was revoked. Ask an admin of the workspace for a new one.',
  expired: (row) => `This invitation expired at ${row.expires_at}. Ask an admin of the workspace for a new one.`,
};

const present = ({ workspace_id: _w, workspace_name: _n, ...row }: InvitationRow): Invitation => row;

const docs = {
  list: {
    operationId: 'listInvitations',
    summary: 'List invitations',
    description: "The workspace's invitations, newest first, each with its state: `pending`, `accepted` (and by whom), `revoked` or `expired`. Their tokens are not shown again.",
  },
  create: {
    operationId: 'createInvitation',
    summary: 'Create an invitation',
    description:
      'An invitation to join with `role`, valid for `expires_in_days` (1 to 30, default 7). The answer (201) has its `token` and `url`, shown this once: send the link to the person to invite; nothing is emailed. Only an owner may invite an owner (422 on `role`).',
    'x-examples': { request: invitationCreateExample, response: { data: newInvitationExample, status: 200 } },
  },
  revoke: {
    operationId: 'revokeInvitation',
    summary: 'Revoke an invitation',
    'x-errors': ['422' as const],
    description: 'Withdraws a pending invitation: its link stops working. One that is accepted, revoked or expired already is a 422 on `invitation_id`. Answers the invitation.',
  },
  show: {
    operationId: 'getInvitation',
    summary: 'Open an invitation',
    description:
      'What an invitation offers: the workspace, the role, until when, and its state. Any signed-in person may open it with their sign-in key; an unknown token is a 404.',
    'x-examples': { response: { data: invitationPreviewExample, status: 200 } },
  },
  accept: {
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation',
    'x-errors': ['422' as const],
    description:
      'Joins the workspace with the invitation\'s role (sign-in key only). An invitation works once: one that was used, revoked or has expired is a 422 on `token` that says which; so is one for a workspace you are a member of already.',
    'x-examples': { response: { data: invitationAcceptedExample, status: 200 } },
  },
};

/** /workspaces/{id}/invitations: a workspace's invitations. */
export async function invitationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new InvitationsRepo(app.ctx.db.kysely);
  const { baseUrl } = app.ctx.config;

  app.get(
    '/:id/invitations',
    { schema: { tags, ...docs.list, params: idParams, querystring: invitationListQuerySchema, response: { 200: invitationPage } } },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await repo.list(request.workspace.id, page, perPage);
      return paginate(request, rows.map(present), total, page, perPage);
    },
  );

  app.post(
    '/:id/invitations',
    { schema: { tags, ...docs.create, params: idParams, body: invitationCreateSchema, response: { 201: envelope(newInvitationObject) } } },
    async (request, reply) => {
      const { role, expires_in_days: days } = request.body;
      const refusal = inviteRefusal(request.workspace.role, role);
      if (refusal) throw fieldError('role', refusal);
      const { id, token } = await repo.create(request.workspace.id, request.user, role, days);
      const row = await repo.find(request.workspace.id, id);
      if (!row) throw notFound();
      return reply.code(201).send(ok({ ...present(row), token, url: `${baseUrl}/dashboard/invitations/${token}` }));
    },
  );

  app.delete(
    '/:id/invitations/:invitation_id',
    { schema: { tags, ...docs.revoke, params: invitationParams, response: { 200: envelope(invitationObject) } } },
    async (request) => {
      const id = parseId(request.params.invitation_id);
      const workspaceId = request.workspace.id;
      const row = id > 0 ? await repo.find(workspaceId, id) : undefined;
      if (!row) throw notFound();
      const revoked = row.status === 'pending' && (await repo.revoke(workspaceId, id));
      const now = await repo.find(workspaceId, id);
      if (!now) throw notFound();
      if (!revoked) throw fieldError('invitation_id', `This invitation is ${now.status}: only a pending one can be revoked.`);
      return ok(present(now));
    },
  );
}

/** /invitations/{token}: opening and accepting an invitation, as the person who has its link. */
export async function invitationTokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new InvitationsRepo(app.ctx.db.kysely);
  const workspaces = new WorkspacesRepo(app.ctx.db.kysely);

  const byToken = async (token: string) => {
    const row = INVITATION_TOKEN.test(token) ? await repo.byToken(token) : undefined;
    if (!row) throw notFound();
    return row;
  };

  app.get('/:token', { schema: { tags, ...docs.show, params: tokenParams, response: { 200: envelope(invitationPreviewObject) } } }, async (request) => {
    const row = await byToken(request.params.token);
    return ok({ workspace: { id: row.workspace_id, name: row.workspace_name }, role: row.role, expires_at: row.expires_at, status: row.status });
  });

  app.post(
    '/:token/accept',
    { schema: { tags, ...docs.accept, params: tokenParams, response: { 200: envelope(invitationAcceptedObject) } } },
    async (request) => {
      const row = await byToken(request.params.token);
      const alreadyMember = () => fieldError('token', `You are already a member of the workspace "${row.workspace_name}".`);
      if (await workspaces.find(request.user.id, row.workspace_id)) throw alreadyMember();
      if (row.status !== 'pending') throw fieldError('token', CLOSED[row.status](row));
      const refusal = await repo.accept(row, request.user);
      if (refusal === 'member') throw alreadyMember();
      if (refusal) {
        const now = await byToken(request.params.token);
        throw fieldError('token', now.status === 'pending' ? CLOSED.expired(now) : CLOSED[now.status](now));
      }
      joined(request, row);
      return ok({ workspace: { id: row.workspace_id, name: row.workspace_name }, role: row.role });
    },
  );
}

/** From here on the request acts in the workspace it joined: its audit log records the joining. */
function joined(request: FastifyRequest, row: InvitationRow): void {
  request.workspace = {
    ...request.workspace,
    id: row.workspace_id,
    name: row.workspace_name,
    role: row.role,
    scopes: new Set(effectiveScopes(keyScopesOf(request.apiKey), row.role)),
  };
}
