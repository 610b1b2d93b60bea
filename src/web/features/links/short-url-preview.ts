// The short URL a new or edited link will have, as the server builds it: the domain's url (its own https or
// http) or BASE_URL, then "/" and the alias. Copying is offered only for an alias the server would accept
// (the same shared alias rule), never for "…" or an alias that is still invalid.
import { aliasField } from '../../../shared/link.schema';

export interface ShortUrlPreview {
  /** What to show: "https://go.example.com/summer", or ".../…" while the alias is empty. */
  text: string;
  /** The URL to copy, or null when there is nothing real to copy yet. */
  copy: string | null;
  /** Why the alias cannot be used as typed (the server's own message), or null. */
  problem: string | null;
}

export function shortUrlPreview(base: string, alias: string): ShortUrlPreview {
  const origin = base.replace(/\/+$/, '');
  const typed = alias.trim();
  if (!typed) return { text: `${origin}/…`, copy: null, problem: null };
  const parsed = aliasField.safeParse(alias);
  if (!parsed.success) return { text: `${origin}/${typed}`, copy: null, problem: parsed.error.issues[0]?.message ?? 'is not a valid alias.' };
  const url = `${origin}/${parsed.data}`;
  return { text: url, copy: url, problem: null };
}
