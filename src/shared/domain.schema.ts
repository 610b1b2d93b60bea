import { z } from 'zod';
import { LIMITS } from './enums';
import { flag01, typedText, nullableUrl } from './fields';
import { canonicalHost } from './host-name';
import { listQuery } from './list-query';
import type { domainObject } from './objects/domain.object';

/**
 * Strips scheme and path, then the one host normalisation (canonicalHost: case, port, trailing dot, IDN to
 * punycode); null when what is left is not a domain name (one label only, other than localhost; an IP address).
 */
export function normaliseDomainName(input: string): string | null {
  const s = input.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '';
  const host = canonicalHost(s);
  if (!host || host.startsWith('[')) return null;
  const labels = host.split('.');
  if (labels.length < 2 && host !== 'localhost') return null;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return host;
}

export const domainNameField = typedText(z.string().max(LIMITS.domainNameMax)).transform((v, ctx) => {
  const name = normaliseDomainName(v);
  if (!name) {
    ctx.addIssue({ code: 'custom', message: 'must be a valid domain name, like links.example.com.' });
    return z.NEVER;
  }
  return name;
});

/**
 * `https` (beyond the seed): 1 builds the domain's short URLs and QR codes as https://{name}/..., 0 as
 * http://{name}/... Optional in requests; a new domain without it gets 1.
 */
const httpsField = flag01.optional();

/** `shared`: 1 shares the domain with every workspace; the instance admin's only (the server refuses others). */
const sharedField = flag01.optional();

export const domainCreateSchema = z.object({
  name: domainNameField,
  homepage_url: nullableUrl().optional(),
  not_found_url: nullableUrl().optional(),
  https: httpsField,
  shared: sharedField,
});

/** The name is not updatable: one sent is read-only (shared/read-only.ts), accepted only as the domain's own. */
export const domainUpdateSchema = z.object({
  homepage_url: nullableUrl().optional(),
  not_found_url: nullableUrl().optional(),
  https: httpsField,
  shared: sharedField,
});

/** The origin of a domain's short URLs: "https://go.example.com" (https 1) or "http://go.example.com" (0). */
export function domainUrl(name: string, https: 0 | 1): string {
  return `${https ? 'https' : 'http'}://${name}`;
}

export const domainListQuerySchema = z.object(listQuery(['name'], ['id', 'name']));

export type DomainCreate = z.output<typeof domainCreateSchema>;
export type DomainUpdate = z.output<typeof domainUpdateSchema>;
export type DomainListQuery = z.output<typeof domainListQuerySchema>;

export type Domain = z.output<typeof domainObject>;
