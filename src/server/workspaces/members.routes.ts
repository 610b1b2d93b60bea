// A workspace's members: the list (members:read), a role change and a removal (members:write). Any member
// may leave (remove themself) with their sign-in key. The rules, and their words: shared/member-rules.ts. A request
// on /workspaces/{id}/... acts in that workspace (route-scopes.ts): a non-member gets 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { memberListQuerySchema, memberUpdateSchema, type Member } from '../../shared/member.schema';
import { leaveRefusal, removalRefusal, roleChangeRefusal, type MemberFacts } from '../../shared/member-rules';
import { memberObject } from '../../shared/objects/member.object';
import { deleteResultObject, envelope, pageOf } from '../../shared/objects/common.object';
import { deleted, ok, paginate, parseId } from '../http/pagination';
import { fieldError, notFound } from '../http/errors';
import { idParams } from '../http/params';
import { requireScopeUnlessOwn } from '../auth/route-scopes';
import { sayInAuditLog } from '../audit/audit-summary';
import { MembersRepo, type MemberRow } from './members.repo';
import { memberExample, memberUpdateExample } from './team.examples';

const memberAnswer = envelope(memberObject);
const memberPage = pageOf(memberObject, 'Member');
const memberParams = z.object({ id: z.string(), user_id: z.string() });

const docs = {
  list: {
    operationId: 'listMembers',
    summary: 'List members',
    description: "The workspace's members with their roles: owners first, down to viewers, then by name. `is_you` marks yours.",
  },
  update: {
    operationId: 'updateMember',
    summary: "Change a member's role",
    description:
      "Gives the member `role`. Only an owner makes someone an owner or changes an owner's role; the last owner cannot be demoted, nor a personal workspace's own person (422 on `role`, saying why).",
    'x-examples': { request: memberUpdateExample, response: { data: memberExample, status: 200 } },
  },
  remove: {
    operationId: 'removeMember',
    summary: 'Remove a member, or leave',
    'x-errors': ['422' as const],
    description:
      "Removes the member, with their API keys of this workspace. Any member may remove themself (leave) with their sign-in key, without `members:write`. Only an owner removes an owner; the last owner cannot leave or be removed, nor a personal workspace's own person (422 on `user_id`, saying why).",
  },
};

export async function membersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new MembersRepo(app.ctx.db.kysely);
  const tags = ['Members'];

  /** The workspace is this member's own (a person's row is their personal workspace). */
  const facts = (request: FastifyRequest, row: MemberRow): MemberFacts => ({ role: row.role, personal: row.user_id === request.workspace.id });
  const present = (request: FastifyRequest, row: MemberRow): Member => ({
    ...row,
    is_you: row.user_id === request.user.id,
    personal: row.user_id === request.workspace.id,
  });

  app.get(
    '/:id/members',
    { schema: { tags, ...docs.list, params: idParams, querystring: memberListQuerySchema, response: { 200: memberPage } } },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await repo.list(request.workspace.id, page, perPage);
      return paginate(
        request,
        rows.map((row) => present(request, row)),
        total,
        page,
        perPage,
      );
    },
  );

  app.patch(
    '/:id/members/:user_id',
    { schema: { tags, ...docs.update, params: memberParams, body: memberUpdateSchema, response: { 200: memberAnswer } } },
    async (request) => {
      const userId = parseId(request.params.user_id);
      if (userId < 0) throw notFound();
      const { role } = request.body;
      const change = { workspaceId: request.workspace.id, actorId: request.user.id, userId };
      const row = await repo.setRole(change, role, (member, owners, actorRole) => {
        const refusal = roleChangeRefusal(actorRole, facts(request, member), role, owners);
        if (refusal) throw fieldError('role', refusal);
      });
      if (!row) throw notFound();
      return ok(present(request, row));
    },
  );

  app.delete(
    '/:id/members/:user_id',
    { schema: { tags, ...docs.remove, params: memberParams, response: { 200: deleteResultObject } } },
    async (request) => {
      const userId = parseId(request.params.user_id);
      const own = userId === request.user.id;
      requireScopeUnlessOwn(request, own);
      if (userId < 0) throw notFound();
      const change = { workspaceId: request.workspace.id, actorId: request.user.id, userId };
      const row = await repo.remove(change, (member, owners, actorRole) => {
        const them = facts(request, member);
        const refusal = own ? leaveRefusal(them, owners) : removalRefusal(actorRole, them, owners);
        if (refusal) throw fieldError('user_id', refusal);
      });
      if (!row) throw notFound();
      sayInAuditLog(request, own ? `Left the workspace (was ${row.role})` : `Removed ${row.name} (${row.role}) from the workspace`);
      return deleted(userId, 'member');
    },
  );
}
