// The answer of GET /api/v1/links/alias-availability; alias-availability.schema.ts takes its type here.
import { z } from 'zod';
import { rowId } from './common.object';

export const ALIAS_UNAVAILABLE_REASONS = ['taken', 'reserved', 'invalid'] as const;

export const aliasAvailabilityObject = z
  .object({
    alias: z.string().meta({ description: 'The alias as checked (trimmed).' }),
    domain_id: rowId().nullable().meta({ description: 'The domain checked; null: the default domain.' }),
    available: z.boolean().meta({ description: 'Whether a link could be created with this alias on this domain now (or the link `link_id` renamed to it).' }),
    reason: z.enum(ALIAS_UNAVAILABLE_REASONS).nullable().meta({
      description: '`taken`: another link has it on this domain; `reserved`: a path of the application; `invalid`: not a valid alias (see `message`); null when available.',
    }),
    message: z.string().nullable().meta({ description: "Why not, as the predicate a create's 422 gives for `alias` (\"has already been taken.\"); null when available." }),
  })
  .meta({
    id: 'AliasAvailability',
    description: 'Whether an alias is free on a domain, by the rules a create runs.',
    examples: [{ alias: 'spring-sale', domain_id: null, available: false, reason: 'taken', message: 'has already been taken.' }],
  });
