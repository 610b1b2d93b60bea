// The workspace object as the API answers it; `Workspace` (workspace.schema.ts) is this schema's type.
import { z } from 'zod';
import { API_SCOPES } from '../api-scopes';
import { WORKSPACE_ROLES } from '../workspace-roles';
import { rowId, timestamp } from './common.object';

export const workspaceObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ examples: ['Marketing'] }),
    kind: z.enum(['personal', 'team']).meta({
      description: "`personal`: a person's own workspace, named after them, which cannot be deleted; `team`: a workspace people are invited to.",
    }),
    role: z.enum(WORKSPACE_ROLES).meta({ description: 'Your role in it: `owner`, `admin`, `member` or `viewer`.' }),
    scopes: z.array(z.enum(API_SCOPES)).meta({
      description: "What you may do in it with the key of this request: the key's scopes that your role also has.",
      examples: [['links:read', 'links:write']],
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({
    id: 'Workspace',
    description:
      'A workspace: it owns links, domains, spaces, pixels, tags, templates, webhooks, imports and saved views. A request acts in one: its key\'s, or the one the `Linkdeck-Workspace` header names (sign-in keys).',
  });
