// Invitations as the API answers them; their types are in invitation.schema.ts. The token is answered
// once, when the invitation is made: it is stored only hashed.
import { z } from 'zod';
import { WORKSPACE_ROLES } from '../workspace-roles';
import { rowId, timestamp } from './common.object';

/** `pending` until it is accepted (once), revoked, or past its expiry. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

const role = () => z.enum(WORKSPACE_ROLES).meta({ description: 'The role the person who accepts gets.' });
const status = () =>
  z.enum(INVITATION_STATUSES).meta({
    description: '`pending`: it can be accepted; `accepted`: someone joined with it (it works once); `revoked`: withdrawn; `expired`: past `expires_at`.',
  });
const person = () => z.object({ id: rowId().nullable().meta({ description: 'null once that person was deleted.' }), name: z.string().meta({ examples: ['Ada'] }) });
const workspace = () => z.object({ id: rowId(), name: z.string().meta({ examples: ['Marketing'] }) });

export const invitationObject = z
  .object({
    id: rowId(),
    role: role(),
    expires_at: timestamp(),
    created_at: timestamp(),
    created_by: person().meta({ description: 'Who made it.' }),
    status: status(),
    accepted_by: person().nullable().meta({ description: 'Who joined with it; null until then.' }),
  })
  .meta({ id: 'Invitation', description: 'An invitation to join the workspace with a role, until it expires; it works once.' });

export const newInvitationObject = invitationObject
  .extend({
    token: z.string().meta({ description: 'The secret of the invitation: shown this once, stored only hashed.', examples: ['ldi_Qm3x9TbV2nL7kP1aC8wY5zH6dJ0sE4rU'] }),
    url: z.string().meta({
      description: 'The dashboard page that accepts it (`BASE_URL/dashboard/invitations/{token}`): send it to the person to invite.',
      examples: ['https://lnk.example.com/dashboard/invitations/ldi_Qm3x9TbV2nL7kP1aC8wY5zH6dJ0sE4rU'],
    }),
  })
  .meta({ id: 'NewInvitation', description: 'A new invitation, with its token and link (shown once).' });

export const invitationPreviewObject = z
  .object({ workspace: workspace(), role: role(), expires_at: timestamp(), status: status() })
  .meta({ id: 'InvitationPreview', description: 'What an invitation offers, as the person who opens its link sees it.' });

export const invitationAcceptedObject = z
  .object({ workspace: workspace(), role: z.enum(WORKSPACE_ROLES).meta({ description: 'Your role there now.' }) })
  .meta({ id: 'InvitationAccepted', description: 'The workspace you joined, and your role there.' });
