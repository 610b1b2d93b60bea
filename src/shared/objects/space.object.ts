// The space object as the API answers it; `Space` (space.schema.ts) is this schema's type.
import { z } from 'zod';
import { rowId, timestamp } from './common.object';

export const spaceObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ description: 'Unique in the account, at most 32 characters.', examples: ['Spring campaign'] }),
    color: z.number().int().min(1).max(6).meta({ description: 'A colour index of the palette, 1 to 6.' }),
    links_count: z.number().int().nonnegative().meta({ description: 'Links in this space.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Space', description: 'A folder of links; a link is in at most one space.' });
