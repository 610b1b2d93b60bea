// Values as the database stores and matches them, for repositories and whoever else writes rows.

/** Timestamps are stored as ISO 8601 UTC text with milliseconds, so they compare and sort as text. */
export const nowIso = () => new Date().toISOString();

/** LIKE pattern for a case-insensitive substring match; % and _ in the term match themselves. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
