// The UTM template object as the API answers it; `UtmTemplate` (utm-template.schema.ts) is this schema's type.
import { z } from 'zod';
import { rowId, timestamp } from './common.object';

const parameter = (examples?: string[]) => z.string().nullable().meta(examples ? { examples } : {});

export const utmTemplateObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ examples: ['Newsletter'] }),
    utm_source: parameter(['newsletter']),
    utm_medium: parameter(['email']),
    utm_campaign: parameter(),
    utm_term: parameter(),
    utm_content: parameter(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'UtmTemplate', description: 'A named set of UTM parameters (at least one set) to apply to a link in one click; null leaves a parameter out.' });
