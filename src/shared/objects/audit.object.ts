// An audit log entry as the API answers it (GET /api/v1/audit-log); `AuditEntry` (audit.schema.ts) is its type.
import { z } from 'zod';
import { rowId, timestamp } from './common.object';

/** How a write came: the dashboard (with the person's sign-in key), or the API with a key. */
export const AUDIT_VIA = ['dashboard', 'api'] as const;
export type AuditVia = (typeof AUDIT_VIA)[number];

/** What a write acted on, with its words for sentences ("Updated UTM template Spring"). */
export const AUDIT_OBJECT_WORDS = {
  link: 'link',
  domain: 'domain',
  space: 'space',
  pixel: 'pixel',
  tag: 'tag',
  utm_template: 'UTM template',
  view: 'saved view',
  webhook: 'webhook',
  import: 'import',
  operation: 'operation',
  og_image: 'preview image',
  qr_style: 'QR style',
  workspace: 'workspace',
  member: 'member',
  invitation: 'invitation',
  api_key: 'API key',
  user: 'user',
} as const;
export type AuditObject = keyof typeof AUDIT_OBJECT_WORDS;
export const AUDIT_OBJECTS = Object.keys(AUDIT_OBJECT_WORDS) as [AuditObject, ...AuditObject[]];

export const auditEntryObject = z
  .object({
    id: rowId(),
    actor_user_id: rowId().nullable().meta({ description: 'The person who made the change; null once that person was deleted.' }),
    actor_name: z.string().meta({ description: 'Their name at the time, kept after they are gone.', examples: ['Marketing'] }),
    via: z.enum(AUDIT_VIA).meta({ description: '`dashboard`: through the dashboard; `api`: through the API, with the key named in `key_id` and `key_name`.' }),
    key_id: rowId().nullable().meta({ description: 'The API key used (via `api`); null through the dashboard.' }),
    key_name: z.string().nullable().meta({ description: 'That key\'s name at the time.', examples: ['CI deploys'] }),
    action: z.string().meta({ description: 'The operation, by its `operationId` in this document.', examples: ['updateLink'] }),
    object: z.enum(AUDIT_OBJECTS).meta({ description: 'What it acted on.' }),
    object_id: rowId().nullable().meta({ description: 'Its id; null for a bulk change (the summary counts the links) or a setting.' }),
    summary: z.string().meta({
      description: 'The change in words: "Updated link go.example.com/abc", "Deleted 3 links in bulk", "Started importing 120 rows from bitly.csv", "Undid \\"Deleted 3 links\\": 3 links restored".',
      examples: ['Updated link go.example.com/abc'],
    }),
    at: timestamp().meta({ description: 'When the change was answered.' }),
  })
  .meta({
    id: 'AuditEntry',
    description: 'One write in the workspace: who, when, what, and from where (the dashboard or an API key; never an IP address).',
  });
