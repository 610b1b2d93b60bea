// A stored link as the API shows it (contract 3, Link). Passwords only say whether one is set.
import type { Link } from '../../shared/link.schema';
import { parseStoredTargets } from '../../shared/targets';
import type { TargetsType, PixelType } from '../../shared/enums';
import { linkStatus } from '../../shared/link-status';
import { readUtm } from '../../shared/utm';
import { shortUrlOf, storedDomainUrl } from '../domains/domain-url';
import type { LinkRow, LinksRepo } from './links.repo';

type Related = Awaited<ReturnType<LinksRepo['related']>>;


export function presentLink(row: LinkRow, rel: Related, baseUrl: string, now = new Date()): Link {
  const domain = row.domain_id !== null ? rel.domains.get(row.domain_id) : undefined;
  const space = row.space_id !== null ? rel.spaces.get(row.space_id) : undefined;
  const origin = domain ? storedDomainUrl(domain, baseUrl) : baseUrl;
  return {
    id: row.id,
    alias: row.alias,
    url: row.url,
    short_url: shortUrlOf(row.alias, domain, baseUrl),
    title: row.title,
    status: linkStatus(row, now),
    disabled: row.disabled ? 1 : 0,
    targets_type: row.targets_type as TargetsType | null,
    targets: parseStoredTargets(row.targets),
    sensitive_content: row.sensitive_content ? 1 : 0,
    privacy: (row.privacy as 0 | 1 | 2) ?? 0,
    password: row.password_hash !== null,
    redirect_password: row.redirect_password_hash !== null,
    active_period_start_at: row.active_period_start_at,
    active_period_end_at: row.active_period_end_at,
    clicks_limit: row.clicks_limit,
    expiration_url: row.expiration_url,
    ...readUtm(row.url),
    og_title: row.og_title,
    og_description: row.og_description,
    og_image: row.og_image,
    clicks: row.clicks,
    imported_clicks: row.imported_clicks,
    imported_at: row.imported_at,
    space: space ? { id: space.id, name: space.name, color: space.color } : null,
    domain: domain ? { id: domain.id, name: domain.name, url: origin } : null,
    pixels: (rel.pixelsByLink.get(row.id) ?? []).map((p) => ({ id: p.id, name: p.name, type: p.type as PixelType })),
    tags: rel.tagsByLink.get(row.id) ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
