// Examples of the API document's members, invitations and workspace keys; typed, so they stay true to
// the schemas.
import type { Member, MemberUpdate } from '../../shared/member.schema';
import type { InvitationAccepted, InvitationPreview, NewInvitation } from '../../shared/invitation.schema';
import type { ApiKeyCreate, NewWorkspaceApiKey } from '../../shared/api-key.schema';

const at = '2026-11-20T09:30:00.000Z';

export const memberUpdateExample: MemberUpdate = { role: 'admin' };
export const memberExample: Member = { user_id: 12, name: 'Grace', role: 'admin', joined_at: at, is_you: false, personal: false };

export const invitationCreateExample = { role: 'member', expires_in_days: 7 };
const token = 'ldi_Qm3x9TbV2nL7kP1aC8wY5zH6dJ0sE4rU';
export const newInvitationExample: NewInvitation = {
  id: 4,
  role: 'member',
  expires_at: '2026-11-27T09:30:00.000Z',
  created_at: at,
  created_by: { id: 3, name: 'Ada' },
  status: 'pending',
  accepted_by: null,
  token,
  url: `https://lnk.example.com/dashboard/invitations/${token}`,
};
export const invitationPreviewExample: InvitationPreview = { workspace: { id: 9, name: 'Marketing' }, role: 'member', expires_at: '2026-11-27T09:30:00.000Z', status: 'pending' };
export const invitationAcceptedExample: InvitationAccepted = { workspace: { id: 9, name: 'Marketing' }, role: 'member' };

export const apiKeyCreateExample: ApiKeyCreate = { name: 'CI deploys', scopes: ['links:read', 'links:write'], expires_at: '2027-01-31T00:00:00.000Z' };
export const newApiKeyExample: NewWorkspaceApiKey = {
  id: 21,
  name: 'CI deploys',
  prefix: 'ldk_3fQ9',
  scopes: ['links:read', 'links:write'],
  expires_at: '2027-01-31T00:00:00.000Z',
  last_used_at: null,
  created_at: at,
  user: { id: 3, name: 'Ada' },
  api_key: 'ldk_3fQ9xV0m2bT7nL4kP1aC8wY5zH6dJ0sE',
};
