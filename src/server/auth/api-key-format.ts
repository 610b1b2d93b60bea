// The form of an API key (contract 2): what a `Authorization: Bearer` header may carry (auth.hook.ts),
// so also what ADMIN_API_KEY must be (config.ts), or the admin could never sign in.
const CHARS = 'A-Za-z0-9_\\-.~+/=';
const MIN = 8;
const MAX = 200;

/** The key's pattern without anchors, for the Bearer header's regular expression. */
export const API_KEY_PATTERN = `[${CHARS}]{${MIN},${MAX}}`;

/** The rule in words, for the start-up error. */
export const API_KEY_RULE = `${MIN} to ${MAX} characters among letters, digits and _ - . ~ + / =`;

const WHOLE = new RegExp(`^${API_KEY_PATTERN}$`);

export function isApiKeyForm(key: string): boolean {
  return WHOLE.test(key);
}

/** Why a key is refused, without repeating the key (a secret): its length, or its characters. */
export function apiKeyProblem(key: string): string {
  return key.length < MIN || key.length > MAX ? `it has ${key.length}` : 'it has other characters';
}
