// How a domain's `https` column becomes its scheme. Domains made before migration 005 have NULL there and keep
// what every domain did until then: the scheme of BASE_URL.
import { domainUrl } from '../../shared/domain.schema';

/** The stored choice, or for an older domain (NULL) 1 when BASE_URL is https, else 0. */
export function domainHttps(stored: number | null, baseUrl: string): 0 | 1 {
  if (stored === null) return new URL(baseUrl).protocol === 'https:' ? 1 : 0;
  return stored ? 1 : 0;
}

/** "https://go.example.com" or "http://go.example.com": the domain's `url`, the base of its links' `short_url`. */
export function storedDomainUrl(domain: { name: string; https: number | null }, baseUrl: string): string {
  return domainUrl(domain.name, domainHttps(domain.https, baseUrl));
}

/** A link's short URL: its domain's `url` (BASE_URL for the default domain, `domain` null) and its alias. */
export function shortUrlOf(alias: string, domain: { name: string; https: number | null } | null | undefined, baseUrl: string): string {
  return `${domain ? storedDomainUrl(domain, baseUrl) : baseUrl}/${alias}`;
}
