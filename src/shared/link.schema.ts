import { z } from 'zod';
import { LIMITS, RESERVED_ALIASES } from './enums';
import {
  clicksLimitField,
  flag01,
  httpUrl,
  idList,
  idRef,
  nullableText,
  nullableUrl,
  passwordField,
  timestampField,
} from './fields';
import { checkTargets, targetsField, targetsTypeField } from './targets';
import { UTM_KEYS, utmChangesOf, withUtm, type UtmKey } from './utm';
import { tagNamesField } from './tag.schema';
import type { linkObject } from './objects/link.object';

const reserved = new Set<string>(RESERVED_ALIASES.map((a) => a.toLowerCase()));

/** A first path segment that belongs to the application (any case), never to a short link. */
export function isReservedAlias(alias: string): boolean {
  return reserved.has(alias.toLowerCase());
}

export const ALIAS_RE = /^[A-Za-z0-9_-]+$/;

export const aliasField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.aliasMax)
  .regex(ALIAS_RE, { error: 'may only contain letters, digits, dashes and underscores.' })
  .refine((v) => !isReservedAlias(v), { error: 'is reserved by Linkdeck; choose another alias.' });

const privacyField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be one of: 0, 1, 2.' }),
);

const editableFields = {
  url: httpUrl(),
  alias: aliasField,
  title: nullableText(LIMITS.titleMax),
  space_id: idRef,
  pixel_ids: idList,
  redirect_password: passwordField,
  sensitive_content: flag01,
  privacy: privacyField,
  password: passwordField,
  active_period_start_at: timestampField,
  active_period_end_at: timestampField,
  clicks_limit: clicksLimitField,
  expiration_url: nullableUrl(),
  targets_type: targetsTypeField,
  targets: targetsField,
  disabled: flag01,
  og_title: nullableText(LIMITS.ogTitleMax),
  og_description: nullableText(LIMITS.ogDescriptionMax),
  og_image: nullableUrl(),
  /** Tag names; unknown names are created, an empty value clears. */
  tags: tagNamesField,
  ...(Object.fromEntries(UTM_KEYS.map((k) => [k, nullableText(LIMITS.utmMax)])) as Record<UtmKey, ReturnType<typeof nullableText>>),
};

type Editable = { [K in keyof typeof editableFields]?: z.output<(typeof editableFields)[K]> };

/** Checks between fields that are both in the payload; checks against the stored link live in the server. */
function pairChecks(v: Editable, ctx: z.RefinementCtx, creating: boolean) {
  if (v.targets !== undefined && (v.targets_type !== undefined || creating)) {
    for (const iss of checkTargets(v.targets_type ?? null, v.targets)) ctx.addIssue({ code: 'custom', ...iss });
  }
  if (v.active_period_start_at && v.active_period_end_at && v.active_period_start_at >= v.active_period_end_at) {
    ctx.addIssue({ code: 'custom', path: ['active_period_end_at'], message: 'must be a date after active_period_start_at.' });
  }
  if (creating && v.privacy === 2 && !v.password) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required when privacy is 2 (password).' });
  }
  if (v.url !== undefined && withUtm(v.url, utmChangesOf(v)).length > LIMITS.urlMax) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: `must not be longer than ${LIMITS.urlMax} characters with its UTM parameters.` });
  }
}

/** The UTM fields of a body go into its url (where they are stored); without a url the server applies them. */
function mergeUtm<T extends Editable>(v: T): T {
  return v.url === undefined ? v : { ...v, url: withUtm(v.url, utmChangesOf(v)) };
}

const optionalEditable = Object.fromEntries(
  Object.entries(editableFields).map(([k, s]) => [k, s.optional()]),
) as { [K in keyof typeof editableFields]: z.ZodOptional<(typeof editableFields)[K]> };

export const linkUpdateSchema = z
  .object(optionalEditable)
  .superRefine((v, ctx) => pairChecks(v, ctx, false))
  .transform(mergeUtm);

/** The fields of a create body: every editable field, and the domain (set at creation only). */
const createFields = { ...optionalEditable, url: httpUrl(), domain_id: idRef.optional() };

/** Every field of a link that a client can write, as the create body names it (the export's round trip covers each). */
export type LinkWritableField = keyof typeof createFields;
export const LINK_WRITABLE_FIELDS = Object.keys(createFields) as LinkWritableField[];

/**
 * The other names the seed gives link fields: its create example sends the domain as `domain`, its parameter
 * list says `domain_id`. A parsed body remembers the name it used (`sent_as`), so that every error on the
 * field, also those found against the database, names the field as the client sent it.
 */
export const LINK_OTHER_NAMES = { domain: 'domain_id' } as const;
type OtherName = keyof typeof LINK_OTHER_NAMES;
type OwnName = (typeof LINK_OTHER_NAMES)[OtherName];
export type SentAs = Partial<Record<OwnName, OtherName>>;

/** The name the client gave `field` in its body (`domain` or `domain_id`). */
export function sentName(input: { sent_as?: SentAs }, field: string): string {
  return input.sent_as?.[field as OwnName] ?? field;
}

const otherNameFields = {
  domain: createFields.domain_id.meta({ description: 'The seed\'s other name of `domain_id` (its create example sends `domain`): send one of them.' }),
};

/** Values sent under another name moved to the field's own name, with the name the client used. */
function underOwnNames<T extends Record<string, unknown>>(v: T) {
  const out: Record<string, unknown> = { ...v };
  const sentAs: SentAs = {};
  for (const [other, own] of Object.entries(LINK_OTHER_NAMES) as [OtherName, OwnName][]) {
    delete out[other];
    if (v[other] !== undefined && v[own] === undefined) {
      out[own] = v[other];
      sentAs[own] = other;
    }
  }
  return (Object.keys(sentAs).length ? { ...out, sent_as: sentAs } : out) as Omit<T, OtherName> & { sent_as?: SentAs };
}

/** A field sent under both names: the values must agree. */
function otherNameChecks(v: Partial<Record<string, unknown>>, ctx: z.RefinementCtx) {
  for (const [other, own] of Object.entries(LINK_OTHER_NAMES)) {
    if (v[other] !== undefined && v[own] !== undefined && v[other] !== v[own]) {
      ctx.addIssue({ code: 'custom', path: [other], message: `names another value than ${own}; send one of them.` });
    }
  }
}

export const linkCreateSchema = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return { ...o, alias: o.alias === '' ? undefined : o.alias };
    }
    return v;
  },
  z
    .object({ ...createFields, ...otherNameFields })
    .superRefine((v, ctx) => {
      otherNameChecks(v, ctx);
      pairChecks(v, ctx, true);
    })
    .transform((v) => mergeUtm(underOwnNames(v))),
);

export type LinkCreate = z.output<typeof linkCreateSchema>;
export type LinkUpdate = z.output<typeof linkUpdateSchema>;

// The list query lives in its own module so that the dashboard's links route can validate its URL
// without pulling the targets rules (and the country/language data) into its first bundle.
export { LINK_SEARCH_BY, LINK_SORT_BY, linkListQuerySchema, type LinkListQuery, type LinkListSearch } from './link-list.schema';

/** A link as the API answers it (the schema lives in objects/link.object.ts, named `Link` in the API document). */
export type Link = z.output<typeof linkObject>;
