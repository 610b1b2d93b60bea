import { z } from 'zod';
import { LIMITS } from './enums';
import { flag01, nullableUrl } from './fields';
import { listQuery } from './list-query';
import type { domainObject } from './objects/domain.object';

/** Strips scheme, path and port, lower-cases; returns null when what is left is not a hostname. */
export function normaliseDomainName(input: string): string | null {
  let s = input.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s.split(/[/?#]/)[0] ?? '';
  s = s.replace(/:\d*$/, '').replace(/\.$/, '');
  if (!s || s.length > LIMITS.domainNameMax) return null;
  let host: string;
  try {
    host = new URL(`http://${s}`).hostname;
  } catch {
    return null;
  }
  // An ASCII name the URL parser had to change was not a plain hostname (IDNs become punycode).
  if (host !== s && /^[\x20-\x7e]*$/.test(s)) return null;
  const labels = host.split('.');
  const labelOk = (l: string) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l);
  if (!labels.every(labelOk)) return null;
  if (labels.length < 2 && host !== 'localhost') return null;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return host;
}

export const domainNameField = z
  .string()
  .max(LIMITS.domainNameMax)
  .transform((v, ctx) => {
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

export const domainCreateSchema = z.object({
  name: domainNameField,
  homepage_url: nullableUrl().optional(),
  not_found_url: nullableUrl().optional(),
  https: httpsField,
});

export const domainUpdateSchema = z.object({
  homepage_url: nullableUrl().optional(),
  not_found_url: nullableUrl().optional(),
  https: httpsField,
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
