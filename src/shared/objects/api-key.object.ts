// A key of one workspace as the API answers it; `WorkspaceApiKey` (api-key.schema.ts) is its type. The
// key itself is answered once, when it is made (`NewWorkspaceApiKey`): it is stored only hashed.
import { z } from 'zod';
import { API_SCOPES } from '../api-scopes';
import { rowId, timestamp } from './common.object';

export const workspaceApiKeyObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ examples: ['CI deploys'] }),
    prefix: z.string().nullable().meta({ description: "The key's first 8 characters, to tell it apart.", examples: ['ldk_3fQ9'] }),
    scopes: z.array(z.enum(API_SCOPES)).meta({ description: 'What it may do; its person\'s role in the workspace bounds it too.', examples: [['links:read', 'links:write']] }),
    expires_at: timestamp().nullable().meta({ description: 'When it stops working (401); null: never.' }),
    last_used_at: timestamp().nullable().meta({ description: 'Its last use, to the minute; null: never used.' }),
    created_at: timestamp(),
    user: z
      .object({ id: rowId(), name: z.string().meta({ examples: ['Ada'] }) })
      .meta({ description: 'The person it acts as (its calls are theirs, in the audit log too).' }),
  })
  .meta({ id: 'WorkspaceApiKey', description: 'An API key of the workspace: it acts in that workspace only, with its scopes.' });

export const newWorkspaceApiKeyObject = workspaceApiKeyObject
  .extend({ api_key: z.string().meta({ description: 'The key, in full: it is shown this once and stored only hashed.', examples: ['ldk_3fQ9xV0m2bT7nL4kP1aC8wY5zH6dJ0sE'] }) })
  .meta({ id: 'NewWorkspaceApiKey', description: 'A new API key of the workspace, with the key itself (shown once).' });
