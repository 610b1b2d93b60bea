// "Remember me" off: the API key lives in a session cookie, which every tab of this browser shares and the
// browser drops when it closes (sessionStorage was one tab's only). The cookie is the dashboard's own
// (Path=/dashboard, SameSite=Strict, Secure on https): short links and the API never receive it, and the
// server does not read it; the API still gets the key as a Bearer header.

export const KEY_COOKIE = 'linkdeck.apiKey';
const PATH = '/dashboard';

/** A `document.cookie` assignment that stores `key` for the browser session, or deletes it (null). */
export function keyCookie(key: string | null, secure: boolean): string {
  const value = key === null ? '' : encodeURIComponent(key);
  return `${KEY_COOKIE}=${value}; Path=${PATH}; SameSite=Strict${key === null ? '; Max-Age=0' : ''}${secure ? '; Secure' : ''}`;
}

/** The key in a `document.cookie` string, or null. */
export function readKeyCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== KEY_COOKIE) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}
