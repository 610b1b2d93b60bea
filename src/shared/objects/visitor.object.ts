// What `GET /api/v1/visitor` answers: the visitor the redirect would see; visitor-preview.schema.ts takes its
// type from here.
import { z } from 'zod';
import { BROWSERS, CONTINENT_CODES, DEVICES, OPERATING_SYSTEMS, type ContinentCode } from '../enums';

export const visitorPreviewObject = z
  .object({
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code from the IP address, or null when unknown.', examples: ['DE'] }),
    continent: z.enum(CONTINENT_CODES as [ContinentCode, ...ContinentCode[]]).nullable().meta({ description: "The country's continent." }),
    language: z.string().nullable().meta({ description: 'The preferred language of Accept-Language.', examples: ['de'] }),
    os: z.enum(OPERATING_SYSTEMS).nullable(),
    browser: z.enum(BROWSERS).nullable(),
    device: z.enum(DEVICES).nullable(),
    bot: z.boolean().meta({ description: 'A known bot: redirected like anyone, but its visit is not counted.' }),
  })
  .meta({
    id: 'VisitorPreview',
    description: "The visitor the redirect would see for a User-Agent, an IP address and an Accept-Language: the values its targeting rules match.",
  });
