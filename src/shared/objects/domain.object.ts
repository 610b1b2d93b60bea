// The domain object as the API answers it; `Domain` (domain.schema.ts) is this schema's type.
import { z } from 'zod';
import { flag, rowId, timestamp } from './common.object';

export const domainObject = z
  .object({
    id: rowId(),
    name: z.string().meta({ description: 'The hostname, lower-cased; unique on the instance and not updatable.', examples: ['go.example.com'] }),
    url: z.string().meta({
      description: "The origin of the domain's short URLs: `https://{name}` when `https` is 1, `http://{name}` when 0.",
      examples: ['https://go.example.com'],
    }),
    https: flag().meta({ description: "1: the domain's short URLs and QR codes use https; 0: http. New domains get 1 unless told otherwise." }),
    homepage_url: z
      .string()
      .nullable()
      .meta({ description: 'Where a visit to the bare domain (`/`) is redirected (302); null: no redirect.', examples: ['https://example.com'] }),
    not_found_url: z
      .string()
      .nullable()
      .meta({ description: 'Where a visit to an unknown alias on this domain is redirected (302); null: a 404 page.' }),
    links_count: z.number().int().nonnegative().meta({ description: 'Links on this domain.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Domain', description: 'A domain short links are served under.' });
