// The tag object as the API answers it; `Tag` (tag.schema.ts) is this schema's type.
import { z } from 'zod';
import { rowId, timestamp } from './common.object';

export const tagObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ description: '1 to 40 characters without commas, unique in the account ignoring case.', examples: ['campaign'] }),
    color: z.number().int().min(1).max(6).meta({ description: 'A colour index of the palette, 1 to 6.' }),
    links_count: z.number().int().nonnegative().meta({ description: 'Links carrying this tag.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Tag', description: 'A label of the account; a link carries any number of them.' });
