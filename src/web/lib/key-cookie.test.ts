import { describe, expect, it } from 'vitest';
import { KEY_COOKIE, keyCookie, readKeyCookie } from './key-cookie';

describe('the session cookie of the API key', () => {
  it('is a session cookie of the dashboard only, Secure on https', () => {
    const c = keyCookie('abc', false);
    expect(c).toBe(`${KEY_COOKIE}=abc; Path=/dashboard; SameSite=Strict`);
    expect(c).not.toMatch(/Expires|Max-Age/i);
    expect(keyCookie('abc', true)).toMatch(/; Secure$/);
  });
  it('deletes with Max-Age=0 on the same path', () => {
    expect(keyCookie(null, false)).toBe(`${KEY_COOKIE}=; Path=/dashboard; SameSite=Strict; Max-Age=0`);
  });
  it('round-trips any key among other cookies', () => {
    for (const key of ['ld_8f3a', 'a b;c=d%', 'ключ']) {
      const pair = keyCookie(key, false).split(';')[0];
      expect(readKeyCookie(`theme=dark; ${pair}; other=1`)).toBe(key);
    }
  });
  it('no cookie, an emptied one or a broken one is no key', () => {
    expect(readKeyCookie('')).toBeNull();
    expect(readKeyCookie('x=1; linkdeck.apiKeyX=2')).toBeNull();
    expect(readKeyCookie(`${KEY_COOKIE}=`)).toBeNull();
    expect(readKeyCookie(`${KEY_COOKIE}=%E0%A4%A`)).toBeNull();
  });
});
