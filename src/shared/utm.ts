// UTM parameters live in the destination URL's query (so the redirect stays as it is): read them from a URL,
// and write them into one, keeping every other part of the URL byte for byte (no normalisation by URL()).
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmValues = Record<UtmKey, string | null>;
/** What to change: a value sets, null or '' removes, absent leaves as it is. */
export type UtmChanges = Partial<Record<UtmKey, string | null | undefined>>;

export const UTM_LABELS: Record<UtmKey, string> = {
  utm_source: 'Source',
  utm_medium: 'Medium',
  utm_campaign: 'Campaign',
  utm_term: 'Term',
  utm_content: 'Content',
};

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Splits a URL into what comes before its query, the query's raw pairs, and the fragment (with its #). */
function split(url: string): { head: string; pairs: string[]; hash: string } {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const rest = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const q = rest.indexOf('?');
  if (q < 0) return { head: rest, pairs: [], hash };
  return { head: rest.slice(0, q), pairs: rest.slice(q + 1).split('&').filter((p) => p !== ''), hash };
}

const keyOf = (pair: string) => decode(pair.split('=')[0] ?? '').toLowerCase();

/** The URL's UTM parameters (the first of each), null where absent or empty. */
export function readUtm(url: string): UtmValues {
  const found = Object.fromEntries(UTM_KEYS.map((k) => [k, null])) as UtmValues;
  for (const pair of split(url).pairs) {
    const key = keyOf(pair) as UtmKey;
    if (!(UTM_KEYS as readonly string[]).includes(key) || found[key] !== null) continue;
    const eq = pair.indexOf('=');
    const value = eq >= 0 ? decode(pair.slice(eq + 1)) : '';
    if (value !== '') found[key] = value;
  }
  return found;
}

/**
 * The URL with these UTM parameters set or removed. A parameter already there keeps its place (the first
 * occurrence; repeats are dropped), a new one goes at the end of the query, in UTM_KEYS order. The rest of the
 * URL is left exactly as it was; with no change asked, the URL comes back unchanged.
 */
export function withUtm(url: string, changes: UtmChanges): string {
  const asked = UTM_KEYS.filter((k) => changes[k] !== undefined);
  if (!asked.length) return url;
  const { head, pairs, hash } = split(url);
  const encode = (k: UtmKey, v: string) => `${k}=${encodeURIComponent(v.trim()).replace(/%20/g, '+')}`;
  const placed = new Set<UtmKey>();
  const out: string[] = [];
  for (const pair of pairs) {
    const key = keyOf(pair) as UtmKey;
    if (!asked.includes(key)) {
      out.push(pair);
      continue;
    }
    if (placed.has(key)) continue;
    placed.add(key);
    const v = changes[key];
    if (v !== null && v !== undefined && v.trim() !== '') out.push(encode(key, v));
  }
  for (const key of asked) {
    const v = changes[key];
    if (!placed.has(key) && v !== null && v !== undefined && v.trim() !== '') out.push(encode(key, v));
  }
  return `${head}${out.length ? `?${out.join('&')}` : ''}${hash}`;
}

/** The UTM changes among an object's fields (an API body). */
export function utmChangesOf(v: Partial<Record<UtmKey, string | null | undefined>>): UtmChanges {
  return Object.fromEntries(UTM_KEYS.filter((k) => v[k] !== undefined).map((k) => [k, v[k]])) as UtmChanges;
}
