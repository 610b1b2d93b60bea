// The pixel object as the API answers it; `Pixel` (pixel.schema.ts) is this schema's type.
import { z } from 'zod';
import { PIXEL_TYPES } from '../enums';
import { rowId, timestamp } from './common.object';

export const pixelObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ examples: ['Shop conversions'] }),
    type: z.enum(PIXEL_TYPES).meta({ description: "The vendor whose tracking pixel this is." }),
    value: z.string().meta({ description: "The vendor's pixel or tag id (letters, digits, dashes, underscores).", examples: ['1234567890'] }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Pixel', description: "A vendor's tracking pixel, fired by the links that carry it." });
