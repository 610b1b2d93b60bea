// The audit log: the query of GET /api/v1/audit-log, which is also the dashboard page's URL query.
// server/audit/ records the entries; objects/audit.object.ts is the answer and names what an entry can say
// (AUDIT_VIA, AUDIT_OBJECTS).
import { z } from 'zod';
import { MAX_ID, parseTimestamp, queryInt } from './fields';
import { pagingFields } from './list-query';
import { AUDIT_OBJECTS, AUDIT_VIA, type auditEntryObject } from './objects/audit.object';

/** An operationId of the API document: a lower-case verb, then words (`updateLink`, `deleteLinksInBulk`). */
const ACTION_RE = /^[a-z]+[A-Za-z0-9]*$/;
const ACTION_MAX = 64;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ERROR = 'must be a date like 2026-11-22 or a date and time like 2026-11-22T09:30:00Z.';

/**
 * `from` and `to`: a day (UTC; `from` its start, `to` its end, both included) or a moment (a time without zone is
 * UTC); the ISO timestamp the entries' `at` is compared with.
 */
const timeBound = (edge: 'start' | 'end') =>
  z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string({ error: TIME_ERROR })
        .transform((v, ctx) => {
          const text = v.trim();
          const iso = DATE_RE.test(text) ? parseTimestamp(`${text}T${edge === 'start' ? '00:00:00' : '23:59:59.999'}Z`) : parseTimestamp(text);
          if (iso) return iso;
          ctx.addIssue({ code: 'custom', message: TIME_ERROR });
          return z.NEVER;
        })
        .optional(),
    )
    .meta({ examples: [edge === 'start' ? '2026-11-01' : '2026-11-22T18:00:00Z'] });

/** An optional filter among `values`; '' is absent. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: `must be one of: ${values.join(', ')}.` }).optional());

export const auditLogQuerySchema = z
  .object({
    actor_user_id: queryInt(1, MAX_ID).meta({ description: 'Entries of this person (their user id).' }),
    via: oneOf(AUDIT_VIA).meta({ description: '`dashboard` or `api` (a key).' }),
    key_id: queryInt(1, MAX_ID).meta({ description: 'Entries made with this API key.' }),
    action: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .string({ error: 'must be an operation id such as updateLink.' })
          .max(ACTION_MAX)
          .regex(ACTION_RE, { error: 'must be an operation id such as updateLink.' })
          .optional(),
      )
      .meta({ description: 'The operation, by its `operationId` in this document (`updateLink`, `deleteLinksInBulk`, `importLinks`).' }),
    object: oneOf(AUDIT_OBJECTS).meta({ description: 'What was acted on.' }),
    object_id: queryInt(1, MAX_ID).meta({ description: 'Its id (with or without `object`).' }),
    from: timeBound('start').meta({ description: 'From this day (UTC) or moment on, included.' }),
    to: timeBound('end').meta({ description: 'Up to this day (UTC, the whole day) or moment, included.' }),
    ...pagingFields,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after or equal to from.' });
  });

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogSearch = z.input<typeof auditLogQuerySchema>;
export type AuditEntry = z.output<typeof auditEntryObject>;
