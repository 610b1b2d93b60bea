import { randomInt } from 'node:crypto';
import { LIMITS } from '../../shared/enums';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomAlias(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** A random alias of at least 6 characters, one longer after every few collisions. */
export async function generateAlias(taken: (alias: string) => Promise<boolean>): Promise<string> {
  for (let length = 6; length < 32; length++) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const alias = randomAlias(length);
      if (!(await taken(alias))) return alias;
    }
  }
  throw new Error('could not generate a free alias');
}

/** `base-2`, `base-3`, ... cut so that the alias stays within the length limit. */
export function renamed(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, LIMITS.aliasMax - suffix.length)}${suffix}`;
}

/** Digits of the largest suffix counted to (10^10 renames of one alias are never reached). */
const SUFFIX_ROOM = 11;

/** What every renamed(base, n) starts with: `base-`, or the part of a long base that no suffix cuts. */
export function renamePrefix(base: string): string {
  return base.length + SUFFIX_ROOM <= LIMITS.aliasMax ? `${base}-` : base.slice(0, LIMITS.aliasMax - SUFFIX_ROOM);
}

/** The aliases of a domain (0: the default domain) that start with a prefix. */
export type AliasesWithPrefix = (domain: number, prefix: string) => Promise<Set<string>>;

/**
 * Renames taken aliases (`base-2`, `base-3`, ...) in linear time: the first rename of a base reads, in one
 * query, every alias of its domain that a rename of it could be; from then on it counts up in memory, where
 * the last rename of that base stopped. `claimed`: the names given out meanwhile (the rest of the file).
 */
export class AliasRenamer {
  private readonly bases = new Map<string, { n: number; taken: Set<string> }>();

  constructor(private readonly withPrefix: AliasesWithPrefix) {}

  async rename(domain: number, base: string, claimed: ReadonlySet<string>): Promise<string> {
    const key = `${domain}\u0000${base}`;
    let state = this.bases.get(key);
    if (!state) {
      state = { n: 2, taken: await this.withPrefix(domain, renamePrefix(base)) };
      this.bases.set(key, state);
    }
    for (;;) {
      const candidate = renamed(base, state.n++);
      if (!state.taken.has(candidate) && !claimed.has(candidate)) return candidate;
    }
  }
}
