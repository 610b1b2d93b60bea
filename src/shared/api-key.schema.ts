// Keys of one workspace: what the API takes to make one (a name, its scopes, an optional expiry) and
// the list's paging. A key may do what both its scopes and its person's role allow (api-scopes.ts).
import { z } from 'zod';
import { API_SCOPES, isApiScope } from './api-scopes';
import { nameText, timestampField } from './fields';
import { pagingFields } from './list-query';
import type { newWorkspaceApiKeyObject, workspaceApiKeyObject } from './objects/api-key.object';

export const API_KEY_NAME_MAX = 100;

/** `scopes[]=links:read&scopes[]=links:write` (form), an array (JSON), or one value; duplicates dropped, in API_SCOPES order. */
const scopesField = z.preprocess(
  (v) => {
    if (v === undefined) return v;
    if (v === '' || v === null) return [];
    const list = Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : [v];
    return list.filter((s) => s !== '');
  },
  z
    .array(z.string())
    .min(1, { error: 'must name at least one scope.' })
    .superRefine((scopes, ctx) => {
      const unknown = scopes.filter((s) => !isApiScope(s));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: `must be among the scopes of ${API_SCOPES.join(', ')}: ${unknown.join(', ')} is not one.` });
    })
    .transform((scopes) => API_SCOPES.filter((s) => scopes.includes(s)))
    .meta({ description: 'What the key may do (at least one); each must be one your role, and the key of this request, also have.', examples: [['links:read', 'links:write']] }),
);

/** A future date and time, or null (the key never expires). */
const expiresField = timestampField
  .refine((v) => v === null || v > new Date().toISOString(), { error: 'must be in the future.' })
  .optional()
  .meta({ description: 'When the key stops working (ISO 8601, in the future); left out or null: never.', examples: ['2027-01-31T00:00:00Z'] });

export const apiKeyCreateSchema = z.object({
  name: nameText(API_KEY_NAME_MAX).meta({ description: 'What the key is for, to tell it apart (1 to 100 characters).', examples: ['CI deploys'] }),
  scopes: scopesField,
  expires_at: expiresField,
});
export const apiKeyListQuerySchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export type ApiKeyCreate = z.output<typeof apiKeyCreateSchema>;
export type ApiKeyListQuery = z.output<typeof apiKeyListQuerySchema>;
export type WorkspaceApiKey = z.output<typeof workspaceApiKeyObject>;
export type NewWorkspaceApiKey = z.output<typeof newWorkspaceApiKeyObject>;
