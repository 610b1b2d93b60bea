// The link editor's form state and its conversion to the API body (the field names of the API).
// Passwords are write-only: an empty box keeps the stored one unless "remove" is ticked.
import type { TargetsType } from '../../../shared/enums';
import type { Link } from '../../../shared/link.schema';
import type { FieldMap } from '../../lib/field-errors';

export interface LinkFormValues {
  url: string;
  domain_id: string | null;
  alias: string;
  title: string;
  space_id: string | null;
  pixel_ids: string[];
  /** Tag names. */
  tags: string[];
  redirect_password: string;
  remove_redirect_password: boolean;
  sensitive_content: boolean;
  privacy: '0' | '1' | '2';
  password: string;
  remove_password: boolean;
  /** UTC ISO strings, or null. */
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  clicks_limit: number | string;
  expiration_url: string;
  disabled: boolean;
  targets_type: TargetsType | null;
  targets: { key: string; value: string }[];
  og_title: string;
  og_description: string;
  og_image: string;
}

export type EditorMode = 'create' | 'edit';

export function emptyLinkForm(): LinkFormValues {
  return {
    url: '',
    domain_id: null,
    alias: '',
    title: '',
    space_id: null,
    pixel_ids: [],
    tags: [],
    redirect_password: '',
    remove_redirect_password: false,
    sensitive_content: false,
    privacy: '0',
    password: '',
    remove_password: false,
    active_period_start_at: null,
    active_period_end_at: null,
    clicks_limit: '',
    expiration_url: '',
    disabled: false,
    targets_type: null,
    targets: [],
    og_title: '',
    og_description: '',
    og_image: '',
  };
}

export function linkToForm(link: Link): LinkFormValues {
  return {
    ...emptyLinkForm(),
    url: link.url,
    domain_id: link.domain ? String(link.domain.id) : null,
    alias: link.alias,
    title: link.title ?? '',
    space_id: link.space ? String(link.space.id) : null,
    pixel_ids: link.pixels.map((p) => String(p.id)),
    tags: link.tags.map((t) => t.name),
    sensitive_content: link.sensitive_content === 1,
    privacy: String(link.privacy) as LinkFormValues['privacy'],
    active_period_start_at: link.active_period_start_at,
    active_period_end_at: link.active_period_end_at,
    clicks_limit: link.clicks_limit ?? '',
    expiration_url: link.expiration_url ?? '',
    disabled: link.disabled === 1,
    targets_type: link.targets_type,
    // An empty rotation weight (the API's "1") is shown as the 1 it means: the form asks for every weight.
    targets: link.targets.map((t) => ({ key: link.targets_type === 'rotations' && t.key === '' ? '1' : t.key, value: t.value })),
    og_title: link.og_title ?? '',
    og_description: link.og_description ?? '',
    og_image: link.og_image ?? '',
  };
}

/** A copy of a link for a new one: everything but the alias (the server's or the user's) and the passwords (write-only). */
export function duplicateToForm(link: Link): LinkFormValues {
  return { ...linkToForm(link), alias: '' };
}

function passwordValue(typed: string, remove: boolean): string | undefined {
  if (typed !== '') return typed;
  return remove ? '' : undefined;
}

/** The JSON body for POST /links (create) or PUT /links/{id} (edit). Undefined fields are left out. */
export function toPayload(v: LinkFormValues, mode: EditorMode): Record<string, unknown> {
  const body: Record<string, unknown> = {
    url: v.url.trim(),
    alias: v.alias.trim(),
    title: v.title.trim(),
    space_id: v.space_id ?? '',
    pixel_ids: v.pixel_ids.map(Number),
    tags: v.tags,
    redirect_password: passwordValue(v.redirect_password, v.remove_redirect_password),
    sensitive_content: v.sensitive_content ? 1 : 0,
    privacy: Number(v.privacy),
    password: v.privacy === '2' ? passwordValue(v.password, v.remove_password) : undefined,
    active_period_start_at: v.active_period_start_at ?? '',
    active_period_end_at: v.active_period_end_at ?? '',
    clicks_limit: v.clicks_limit === '' ? '' : Number(v.clicks_limit),
    expiration_url: v.expiration_url.trim(),
    disabled: v.disabled ? 1 : 0,
    targets_type: v.targets_type ?? '',
    targets: v.targets_type ? v.targets.map((t) => ({ key: t.key.trim(), value: t.value.trim() })) : [],
    og_title: v.og_title.trim(),
    og_description: v.og_description.trim(),
    og_image: v.og_image.trim(),
  };
  if (mode === 'create') {
    if (v.domain_id) body.domain_id = Number(v.domain_id);
    if (!v.tags.length) delete body.tags;
    for (const k of ['alias', 'title', 'expiration_url', 'clicks_limit', 'active_period_start_at', 'active_period_end_at', 'targets_type', 'space_id', 'og_title', 'og_description', 'og_image'] as const) {
      if (body[k] === '') delete body[k];
    }
  }
  for (const [k, val] of Object.entries(body)) if (val === undefined) delete body[k];
  return body;
}

/** The form's web address fields: the destination, the expiration URL and each rule's destination. */
export function isUrlField(name: string): name is 'url' | 'expiration_url' | 'og_image' | `targets.${number}.value` {
  return name === 'url' || name === 'expiration_url' || name === 'og_image' || /^targets\.\d+\.value$/.test(name);
}

/**
 * How the form names the API's fields, for a refused save (lib/field-errors.ts): `domain` is the domain picker,
 * a rule's key and destination are shown on its row, an item of pixel_ids or tags on its picker.
 */
export const LINK_FIELD_MAP: FieldMap<keyof LinkFormValues> = {
  fields: Object.keys(emptyLinkForm()) as (keyof LinkFormValues)[],
  renamed: { domain: 'domain_id' },
  rows: { targets: ['key', 'value'] },
};
