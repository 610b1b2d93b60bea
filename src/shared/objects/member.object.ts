// A workspace's member as the API answers it; `Member` (member.schema.ts) is its type.
import { z } from 'zod';
import { WORKSPACE_ROLES } from '../workspace-roles';
import { rowId, timestamp } from './common.object';

export const memberObject = z
  .object({
    user_id: rowId().meta({ description: "The person's id (the `{user_id}` of this member's paths)." }),
    name: z.string().meta({ examples: ['Ada'] }),
    role: z.enum(WORKSPACE_ROLES).meta({ description: 'Their role here: `owner`, `admin`, `member` or `viewer`.' }),
    joined_at: timestamp().meta({ description: 'When they became a member.' }),
    is_you: z.boolean().meta({ description: 'This member is the person of this request.' }),
    personal: z.boolean().meta({ description: "This workspace is this member's personal one: they stay its owner, and cannot leave or be removed." }),
  })
  .meta({ id: 'Member', description: 'A person of the workspace, with their role.' });
