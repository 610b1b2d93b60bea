// The user and account objects as the API answers them; `User` and `Account` (user.schema.ts) are their types.
import { z } from 'zod';
import { USER_ROLES } from '../enums';
import { API_SCOPES } from '../api-scopes';
import { WORKSPACE_ROLES } from '../workspace-roles';
import { rowId, timestamp } from './common.object';

const role = () => z.enum(USER_ROLES).meta({ description: '`admin` may manage users; `user` only its own resources.' });

export const userObject = z
  .object({ id: rowId(), name: z.string().meta({ examples: ['Ada'] }), role: role(), created_at: timestamp(), updated_at: timestamp() })
  .meta({ id: 'User', description: 'An account of the instance.' });

const apiKey = () => z.string().meta({ description: 'The API key, in full: it is shown this once and stored only hashed.' });

export const newUserObject = userObject
  .extend({ api_key: apiKey() })
  .meta({ id: 'NewUser', description: 'A new account, with its API key (shown once).' });

export const accountObject = z
  .object({
    id: rowId(),
    name: z.string(),
    role: role(),
    created_at: timestamp(),
    base_url: z.string().meta({ description: "The server's BASE_URL: short URLs of links without a domain start with it.", examples: ['https://lnk.example.com'] }),
    workspace: z
      .object({
        id: rowId(),
        name: z.string().meta({ examples: ['Marketing'] }),
        personal: z.boolean().meta({ description: "A person's own workspace (yours, or one you were invited to), not a team workspace." }),
        role: z.enum(WORKSPACE_ROLES).meta({ description: 'Your role there.' }),
        scopes: z.array(z.enum(API_SCOPES)).meta({ description: "What this request's key may do there: its scopes that your role also has.", examples: [['links:read', 'links:write']] }),
      })
      .meta({
        description:
          'The workspace this key acts in: the one the `Linkdeck-Workspace` header names when you may act there, else the key\'s own (your personal workspace for your sign-in key). A dashboard whose workspace was left or deleted sees here where it is.',
      }),
  })
  .meta({ id: 'Account', description: 'The account the API key belongs to.' });

export const apiKeyObject = z.object({ api_key: apiKey() }).meta({ id: 'ApiKey', description: 'A new API key; the previous one stopped working.' });
