// Invitations to a workspace: a link with a role and an expiry that a signed-in person opens to join;
// no email is sent. What the API takes to make one, and the list's paging.
import { z } from 'zod';
import { intField } from './fields';
import { pagingFields } from './list-query';
import { workspaceRoleField } from './member.schema';
import type { invitationObject, invitationPreviewObject, newInvitationObject, invitationAcceptedObject } from './objects/invitation.object';

/** How many days an invitation may last, and how many when `expires_in_days` is left out. */
export const INVITATION_DAYS = { min: 1, max: 30, default: 7 } as const;

export const invitationCreateSchema = z.object({
  role: workspaceRoleField,
  expires_in_days: intField(INVITATION_DAYS.min, INVITATION_DAYS.max).default(INVITATION_DAYS.default),
});
export const invitationListQuerySchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export type InvitationCreate = z.output<typeof invitationCreateSchema>;
export type InvitationListQuery = z.output<typeof invitationListQuerySchema>;
export type Invitation = z.output<typeof invitationObject>;
export type NewInvitation = z.output<typeof newInvitationObject>;
export type InvitationPreview = z.output<typeof invitationPreviewObject>;
export type InvitationAccepted = z.output<typeof invitationAcceptedObject>;
export type InvitationStatus = Invitation['status'];
