// The links row of a new link, from a validated create body: the one row builder of every path that
// creates links (a single create, a bulk create, an import, a restore of a deleted link).
import type { Insertable } from 'kysely';
import type { LinksTable } from '../../db/schema';
import type { LinkCreate } from '../../../shared/link.schema';
import { hashPassword } from '../../auth/secrets';

export interface RowHashes {
  password_hash: string | null;
  redirect_password_hash: string | null;
}

/**
 * The row, passwords given as hashes (an import has none; a restore brings back the stored ones).
 * `createdAt`: the creation time when it is not `now` (an import keeps the source's).
 */
export function linkRowOf(userId: number, input: LinkCreate, alias: string, now: string, hashes: RowHashes, createdAt = now): Insertable<LinksTable> {
  const targets = input.targets ?? [];
  return {
    user_id: userId,
    domain_id: input.domain_id ?? null,
    space_id: input.space_id ?? null,
    alias,
    url: input.url,
    title: input.title ?? null,
    targets: JSON.stringify(targets),
    targets_type: targets.length || input.targets_type ? (input.targets_type ?? null) : null,
    sensitive_content: input.sensitive_content ?? 0,
    privacy: input.privacy ?? 0,
    ...hashes,
    active_period_start_at: input.active_period_start_at ?? null,
    active_period_end_at: input.active_period_end_at ?? null,
    clicks_limit: input.clicks_limit ?? null,
    expiration_url: input.expiration_url ?? null,
    disabled: input.disabled ?? 0,
    og_title: input.og_title ?? null,
    og_description: input.og_description ?? null,
    og_image: input.og_image ?? null,
    created_at: createdAt,
    updated_at: now,
  };
}

/** `alias`: the chosen or generated alias; passwords are hashed here. */
export async function newLinkRow(userId: number, input: LinkCreate, alias: string, now: string): Promise<Insertable<LinksTable>> {
  return linkRowOf(userId, input, alias, now, {
    password_hash: input.password ? await hashPassword(input.password) : null,
    redirect_password_hash: input.redirect_password ? await hashPassword(input.redirect_password) : null,
  });
}
