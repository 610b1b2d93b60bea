// What the list bench's combined cases filter by, added to the seeded links on both databases alike: 3 spaces
// (a link in 7 is in one), 2 domains (1 in 9), 8 tags (each on 1 link in 24 and 1 in 120: 40 % of the links are tagged), and a tenth of
// the links with a creation time of their own (imported), so that created_at and id disagree.
export const EXTRAS = {
  spaces: ['Launch', 'Evergreen', 'Partners'],
  domains: ['go.bench.example', 'promo.bench.example'],
  tags: ['spring', 'summer', 'email', 'social', 'print', 'partner', 'internal', 'q4'],
} as const;

/** Runs one statement with `?` placeholders (the caller renders them for its driver). */
export type Exec = (text: string, params: unknown[]) => Promise<unknown> | unknown;

export async function seedExtras(exec: Exec, userId: number, ids: (table: 'spaces' | 'domains' | 'tags') => Promise<number[]> | number[]): Promise<void> {
  const at = '2025-06-01T00:00:00.000Z';
  for (const [i, name] of EXTRAS.spaces.entries()) await exec('INSERT INTO spaces (user_id, name, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [userId, name, i + 1, at, at]);
  for (const name of EXTRAS.domains) await exec('INSERT INTO domains (user_id, name, https, created_at, updated_at, verified_at) VALUES (?, ?, 1, ?, ?, ?)', [userId, name, at, at, at]);
  for (const [i, name] of EXTRAS.tags.entries()) await exec('INSERT INTO tags (user_id, name, name_key, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [userId, name, name, (i % 6) + 1, at, at]);
  const [spaces, domains, tags] = [await ids('spaces'), await ids('domains'), await ids('tags')];
  for (const [i, id] of spaces.entries()) await exec('UPDATE links SET space_id = ? WHERE user_id = ? AND id % 21 = ?', [id, userId, i * 7]);
  for (const [i, id] of domains.entries()) await exec('UPDATE links SET domain_id = ? WHERE user_id = ? AND id % 18 = ?', [id, userId, i * 9 + 1]);
  for (const [i, id] of tags.entries()) {
    await exec('INSERT INTO link_tags (link_id, tag_id) SELECT id, ? FROM links WHERE user_id = ? AND id % 24 = ?', [id, userId, i * 3]);
    await exec('INSERT INTO link_tags (link_id, tag_id) SELECT id, ? FROM links WHERE user_id = ? AND id % 120 = ?', [id, userId, i * 3 + 1 + 24 * ((i + 1) % 4)]);
  }
  // Imported links: a creation time from the past, in an order of its own.
  for (let d = 1; d <= 28; d++) {
    await exec('UPDATE links SET created_at = ? WHERE user_id = ? AND id % 10 = 3 AND id % 28 = ?', [`2023-02-${String(d).padStart(2, '0')}T00:00:00.000Z`, userId, d - 1]);
  }
}
