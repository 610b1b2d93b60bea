// A workspace's members: the role change the API and the dashboard's role picker send, and the list's
// paging. What may be changed, and why not: member-rules.ts.
import { z } from 'zod';
import { pagingFields } from './list-query';
import { WORKSPACE_ROLES } from './workspace-roles';
import type { memberObject } from './objects/member.object';

/** A role field: one of the four roles, by name. */
export const workspaceRoleField = z.enum(WORKSPACE_ROLES, { error: `must be one of: ${WORKSPACE_ROLES.join(', ')}.` });

export const memberUpdateSchema = z.object({ role: workspaceRoleField });
export const memberListQuerySchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export type MemberUpdate = z.output<typeof memberUpdateSchema>;
export type MemberListQuery = z.output<typeof memberListQuerySchema>;
export type Member = z.output<typeof memberObject>;
