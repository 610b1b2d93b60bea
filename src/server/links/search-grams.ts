// The short-term search index's words: a search term of one or two characters is a substring that the
// trigram indexes cannot answer (they hold three-character substrings), so each link's searched columns are also
// indexed by every distinct character and pair of characters they hold, case folded. SQLite keeps them in an FTS5
// table (migration 024, filled by triggers calling linkGrams as the SQL function link_grams); each gram is one
// word there: its column's letter (t, a, u) then the characters' code points in hex, joined by `g`, a word FTS5's
// tokenizer keeps whole (`ab` in a title: t61g62).

/** The columns searched, each with its letter. */
const COLUMN_LETTER = { title: 't', alias: 'a', url: 'u' } as const;
export type GramColumn = keyof typeof COLUMN_LETTER;

/** The longest term the gram index answers (longer ones: the trigram index). */
export const GRAM_MAX = 2;

const word = (letter: string, chars: readonly string[]): string => letter + chars.map((c) => (c.codePointAt(0) ?? 0).toString(16)).join('g');

/** The characters of a term as the index folds them, or null when it is not 1 to GRAM_MAX characters so folded. */
export function gramChars(term: string): string[] | null {
  const chars = [...term.toLowerCase()];
  return chars.length >= 1 && chars.length <= GRAM_MAX && [...term].length <= GRAM_MAX ? chars : null;
}

/** The words of one column's text: each distinct character and pair of consecutive characters. */
function columnGrams(letter: string, text: string | null, into: Set<string>): void {
  if (!text) return;
  const chars = [...text.toLowerCase()];
  for (let i = 0; i < chars.length; i++) {
    into.add(word(letter, [chars[i] as string]));
    if (i + 1 < chars.length) into.add(word(letter, [chars[i] as string, chars[i + 1] as string]));
  }
}

/** A link's gram words, space separated (what link_grams() gives the FTS5 table). */
export function linkGrams(title: string | null, alias: string | null, url: string | null): string {
  const words = new Set<string>();
  columnGrams(COLUMN_LETTER.title, title, words);
  columnGrams(COLUMN_LETTER.alias, alias, words);
  columnGrams(COLUMN_LETTER.url, url, words);
  return [...words].join(' ');
}

/** The columns' letters, as one text (PostgreSQL's link_term_words takes them so). */
export const columnLetters = (columns: readonly GramColumn[]): string => columns.map((c) => COLUMN_LETTER[c]).join('');

/** The words of a term (see gramChars) in the columns searched: one per column. */
export function termWords(columns: readonly GramColumn[], chars: readonly string[]): string[] {
  return columns.map((c) => word(COLUMN_LETTER[c], chars));
}
