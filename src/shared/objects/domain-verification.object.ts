// The answer of GET /api/v1/domains/{id}/verification and POST /api/v1/domains/{id}/verify: the DNS
// records a custom domain needs, each with its state at the last check.
import { z } from 'zod';
import { rowId, timestamp } from './common.object';

export const DNS_RECORD_TYPES = ['TXT', 'A', 'AAAA', 'CNAME'] as const;
export const DNS_RECORD_STATES = ['ok', 'missing', 'wrong', 'unknown'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export type DnsRecordState = (typeof DNS_RECORD_STATES)[number];

export const dnsRecordObject = z
  .object({
    type: z.enum(DNS_RECORD_TYPES),
    name: z.string().meta({ description: 'The record\'s name: `_linkdeck.{domain}` for the TXT record, the domain itself for the others.' }),
    value: z.string().meta({ description: 'What to set: the token (TXT), this server\'s address (A, AAAA) or host (CNAME).' }),
    purpose: z.enum(['ownership', 'routing']).meta({
      description: '`ownership`: the TXT record, always needed. `routing`: the A/AAAA records or the CNAME record that send visitors here; one way is enough.',
    }),
    state: z.enum(DNS_RECORD_STATES).meta({
      description:
        '`ok`: found as it should be. `missing`: no such record. `wrong`: records of this type exist with other values (`found`). `unknown`: not checked yet, or the resolver did not answer (`check_error`).',
    }),
    found: z.array(z.string()).meta({ description: 'The values the resolver gave for this name and type at the last check.' }),
  })
  .meta({ id: 'DnsRecord', description: 'One DNS record a custom domain needs, and its state at the last check.' });

export type DnsRecord = z.output<typeof dnsRecordObject>;

export const domainVerificationObject = z
  .object({
    domain_id: rowId(),
    name: z.string().meta({ examples: ['go.example.com'] }),
    verified: z.boolean().meta({ description: 'The domain takes traffic.' }),
    verified_at: timestamp().nullable(),
    last_checked_at: timestamp().nullable(),
    check_error: z.string().nullable().meta({ description: 'Why the last check could not tell (the resolver failed or timed out); null otherwise.' }),
    records: z.array(dnsRecordObject).meta({
      description:
        'The TXT record, then the routing records: an A (and AAAA) record per address of this server (DOMAIN_TARGET_ADDRESSES), and a CNAME record to its host (DOMAIN_TARGET_HOST) for a name that is not the zone apex. The domain is verified when the TXT record is `ok` and either the CNAME record is `ok` or an address record is `ok` and none is `wrong`.',
    }),
  })
  .meta({
    id: 'DomainVerification',
    description: "A domain's DNS records and their states at the last check.",
    examples: [
      {
        domain_id: 2,
        name: 'go.example.com',
        verified: false,
        verified_at: null,
        last_checked_at: '2026-11-20T09:30:00.000Z',
        check_error: null,
        records: [
          { type: 'TXT', name: '_linkdeck.go.example.com', value: 'linkdeck-5f0c2a9d1e7b4c36a8f2d9e0b1c4a7f3', purpose: 'ownership', state: 'ok', found: ['linkdeck-5f0c2a9d1e7b4c36a8f2d9e0b1c4a7f3'] },
          { type: 'A', name: 'go.example.com', value: '203.0.113.7', purpose: 'routing', state: 'wrong', found: ['198.51.100.9'] },
          { type: 'CNAME', name: 'go.example.com', value: 'links.example.com', purpose: 'routing', state: 'missing', found: [] },
        ],
      },
    ],
  });

export type DomainVerification = z.output<typeof domainVerificationObject>;
