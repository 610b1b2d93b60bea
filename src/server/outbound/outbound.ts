// Every server-side HTTP request goes through here. An undici Agent whose connector checks the
// address it is about to connect to: names are resolved by our own lookup, which drops the addresses
// the policy refuses (so a name that resolves to 127.0.0.1, or rebinds to it later, is refused at the
// moment of connecting), IP literals are checked before connecting, and the socket's remote address is
// checked once more after. Callers follow redirects by hand (redirect: 'manual'), so every hop is a new
// request through the same connector.
import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { AddressPolicy, BlockedAddressError, type AddressPolicyOptions } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution; dns.lookup (the system resolver, /etc/hosts included) unless a test swaps it. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface OutboundOptions extends AddressPolicyOptions {
  resolve?: Resolver;
  connectTimeoutMs?: number;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/** How long a save-time check (refusal()) waits for DNS before letting the URL through to the send-time checks. */
const CHECK_DNS_MS = 3000;

export class Outbound {
  readonly policy: AddressPolicy;
  private readonly agent: Agent;
  private readonly resolve: Resolver;

  constructor(opts: OutboundOptions = {}) {
    const policy = (this.policy = new AddressPolicy(opts));
    this.resolve = opts.resolve ?? systemResolver;
    const lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
      this.allowedAddresses(hostname).then(
        (ok) => {
          if (options.all) return callback(null, ok);
          const first = ok[0] as ResolvedAddress;
          callback(null, first.address, first.family);
        },
        (err: NodeJS.ErrnoException) => callback(err, ''),
      );
    };
    const connector = buildConnector({ lookup, timeout: opts.connectTimeoutMs ?? 5000 } as buildConnector.BuildOptions);
    this.agent = new Agent({
      keepAliveTimeout: 1000,
      connect: (options, callback) => {
        const host = bareHost(options.hostname);
        if (net.isIP(host) && !policy.allows(host)) return callback(new BlockedAddressError(host, host), null);
        connector(options, (err, socket) => {
          if (err || !socket) return callback(err ?? new Error('no socket'), null);
          const remote = socket.remoteAddress;
          if (remote && !policy.allows(remote)) {
            socket.destroy();
            return callback(new BlockedAddressError(host, remote), null);
          }
          callback(null, socket);
        });
      },
    });
  }

  /** The addresses of a name that the policy allows (what a connection may use); refused when there are none. */
  private async allowedAddresses(hostname: string): Promise<ResolvedAddress[]> {
    const found = await this.resolve(hostname);
    const ok = found.filter((a) => this.policy.allows(a.address));
    if (!ok.length) throw new BlockedAddressError(hostname, found[0]?.address ?? 'nothing');
    return ok;
  }

  /**
   * Why a request to `url` would be refused, checked now as sending checks it (webhook URLs when saved):
   * an IP literal, in any form the URL parser reads as one, by the policy; a name by resolving it. null
   * when it may go, and when the name does not resolve (yet) or DNS is slow: sending checks again anyway.
   */
  async refusal(url: string): Promise<BlockedAddressError | null> {
    const host = bareHost(new URL(url).hostname);
    if (net.isIP(host)) return this.policy.allows(host) ? null : new BlockedAddressError(host, host);
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<null>((resolve) => (timer = setTimeout(resolve, CHECK_DNS_MS, null)));
    const checked = this.allowedAddresses(host).then(
      () => null,
      (err: unknown) => (err instanceof BlockedAddressError ? err : null),
    );
    try {
      return await Promise.race([checked, slow]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** fetch() through the guarded agent; redirects are never followed here (callers check each hop). */
  fetch(url: string, init: Omit<RequestInit, 'dispatcher' | 'redirect'> = {}): Promise<Response> {
    return undiciFetch(url, { ...init, redirect: 'manual', dispatcher: this.agent });
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** A URL's or connection's host without the brackets of an IPv6 literal. */
function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}
