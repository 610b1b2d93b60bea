// Everything the redirect knows about a visitor: targeting fields, whether it is a bot, referrer host.
import type { IncomingHttpHeaders } from 'node:http';
import type { Visitor } from '../../shared/target-matching';
import { continentOf } from '../../shared/geo-data';
import { AgentCache } from './user-agent';
import { CountryCache } from './geo-ip';
import { preferredLanguage } from '../../shared/accept-language';
import { isTrustedPeer, type TrustProxy } from '../http/client-address';

export interface VisitorInfo extends Visitor {
  bot: boolean;
  referrer: string | null;
}

/** Host of a Referer header, lower-cased, without port and credentials; null when absent or not http(s). */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  const m = /^https?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(referer);
  const host = m?.[1]?.toLowerCase();
  // A host name or a bracketed IPv6 address, nothing else (the value is shown in statistics).
  return host && host.length <= 255 && /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])$/.test(host) ? host : null;
}

export class VisitorResolver {
  private readonly agents = new AgentCache();
  private readonly countries = new CountryCache();

  constructor(private readonly trustProxy: TrustProxy) {}

  /** CF-IPCountry only when `peer` (the socket's address) is a trusted proxy; else the geo database's answer for `ip`. */
  country(ip: string, headers: IncomingHttpHeaders, peer = ''): string | null {
    if (peer && isTrustedPeer(peer, this.trustProxy)) {
      const cf = headers['cf-ipcountry'];
      if (typeof cf === 'string' && /^[A-Za-z]{2}$/.test(cf) && cf.toUpperCase() !== 'XX' && cf.toUpperCase() !== 'T1') {
        return cf.toUpperCase();
      }
    }
    return this.countries.get(ip);
  }

  /** `ip`: the client address (http/client-address.ts); `peer`: the socket's, which decides whether CF-IPCountry is believed. */
  resolve(ip: string, headers: IncomingHttpHeaders, peer = ''): VisitorInfo {
    const agent = this.agents.get(headers['user-agent']);
    const country = this.country(ip, headers, peer);
    return {
      country,
      continent: continentOf(country),
      language: preferredLanguage(headers['accept-language']),
      os: agent.os,
      browser: agent.browser,
      device: agent.device,
      bot: agent.bot,
      referrer: referrerHost(headers.referer),
    };
  }

  isBot(headers: IncomingHttpHeaders): boolean {
    return this.agents.get(headers['user-agent']).bot;
  }
}
