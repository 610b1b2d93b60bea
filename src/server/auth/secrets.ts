// API keys and invitation tokens (random, stored as SHA-256) and passwords (scrypt, slow on purpose).
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export function newApiKey(): string {
  return `ldk_${randomBytes(24).toString('base64url')}`;
}

/** An invitation's secret (the last segment of its link): 192 random bits, URL-safe. Stored as hashApiKey's digest. */
export function newInvitationToken(): string {
  return `ldi_${randomBytes(24).toString('base64url')}`;
}

/** The form of newInvitationToken's tokens: anything else names no invitation (404) without a query. */
export const INVITATION_TOKEN = /^ldi_[A-Za-z0-9_-]{32}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * For `users.api_key_hash` (NOT NULL UNIQUE, unread since migration 025: keys live in api_keys): a unique value
 * that no key hashes to (a SHA-256 hex digest has no colon).
 */
export function unusableKeyHash(): string {
  return `unused:${randomBytes(16).toString('hex')}`;
}

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
