// An uploaded link preview image as POST /og-images answers it.
import { z } from 'zod';

export const OG_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type OgImageType = (typeof OG_IMAGE_TYPES)[number];

export const ogImageObject = z
  .object({
    key: z.string().regex(/^[A-Za-z0-9_-]{16}$/).meta({ examples: ['q2Vx0hT9bLr4Zs1a'] }),
    url: z.string().meta({ description: "Its public URL (`/+og/{key}` on BASE_URL): send it as a link's `og_image`.", examples: ['https://go.example.com/+og/q2Vx0hT9bLr4Zs1a'] }),
    type: z.enum(OG_IMAGE_TYPES).meta({ description: 'The type its bytes say (the Content-Type sent is not trusted).' }),
    size: z.number().int().positive().meta({ description: 'Bytes.' }),
  })
  .meta({ id: 'OgImage', description: 'An uploaded link preview image.' });
