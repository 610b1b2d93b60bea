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
    links_count: z.number().int().nonnegative().meta({ description: "Links on this domain (on another workspace's shared domain: this workspace's links only)." }),
    shared: z.boolean().meta({
      description: 'Shared by the instance admin with every workspace: any workspace\'s links may use it. Only the instance admin sets it (`shared` 0/1 on create and update; 403 naming the field for anyone else).',
    }),
    owned: z.boolean().meta({ description: "false: another workspace's shared domain, listed so that links may use it; it is read-only here (403 on update and delete)." }),
    verified: z.boolean().meta({
      description: 'Takes traffic: its DNS records were found right (GET /domains/{id}/verification), or the instance admin created it, or it existed before verification did. An unverified domain is answered like an unknown host.',
    }),
    verified_at: timestamp().nullable().meta({ description: 'When it was verified; null while it is not.' }),
    last_checked_at: timestamp().nullable().meta({ description: 'The last DNS check (POST /domains/{id}/verify or the periodic one); null: never checked.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Domain', description: 'A domain short links are served under.' });
