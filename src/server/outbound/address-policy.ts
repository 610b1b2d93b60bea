// Which addresses a server-side request (title fetch, later webhooks and link checks) may connect to:
// public unicast only, unless the operator opts in with ALLOW_PRIVATE_FETCH=1. ipaddr.js classifies
// the address; IPv4-mapped IPv6 (::ffff:127.0.0.1) is unwrapped to its IPv4 form first.
import ipaddr from 'ipaddr.js';

export interface AddressPolicyOptions {
  /** ALLOW_PRIVATE_FETCH=1: any address may be reached. */
  allowPrivate?: boolean;
  /** Exact addresses allowed although not public (tests use a second loopback address). */
  allowAddresses?: readonly string[];
}

/** The ipaddr.js range of an address ('unicast' is public), or 'invalid'. */
export function rangeOf(address: string): string {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return 'invalid';
  return ipaddr.process(bare.replace(/%.*$/, '')).range();
}

export class AddressPolicy {
  private readonly allowed: Set<string>;

  constructor(private readonly opts: AddressPolicyOptions = {}) {
    this.allowed = new Set((opts.allowAddresses ?? []).map((a) => ipaddr.process(a).toString()));
  }

  /** Whether a connection to this IP address is allowed. */
  allows(address: string): boolean {
    if (this.opts.allowPrivate) return true;
    const range = rangeOf(address);
    if (range === 'unicast') return true;
    if (range === 'invalid') return false;
    const bare = address.replace(/^\[|\]$/g, '');
    return this.allowed.has(ipaddr.process(bare).toString());
  }
}

export class BlockedAddressError extends Error {
  readonly code = 'ERR_BLOCKED_ADDRESS';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address (set ALLOW_PRIVATE_FETCH=1 to allow it)`);
  }
}
