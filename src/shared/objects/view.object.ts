// The saved view object as the API answers it; `View` (view.schema.ts) is this schema's type.
import { z } from 'zod';
import { rowId, timestamp } from './common.object';

export const viewObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ examples: ['Expired in Launch'] }),
    query: z.string().meta({
      description: 'The links list\'s query string, normalised: no `page`, no parameter at its default, a fixed order; empty for the whole list.',
      examples: ['status=2&space_id=5&sort_by=clicks'],
    }),
    url: z.string().meta({
      description: 'The dashboard\'s links page with this query (BASE_URL): it opens the same list for anyone who may see those links.',
      examples: ['https://go.example.com/dashboard/links?status=2&space_id=5&sort_by=clicks'],
    }),
    api_url: z.string().meta({ description: 'The API\'s list with this query, relative to the host.', examples: ['/api/v1/links?status=2&space_id=5&sort_by=clicks'] }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'View', description: 'A saved view: a named query of the links list, to open the same list again or share its link.' });
