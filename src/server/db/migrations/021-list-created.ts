// "Created" sorts by the creation time: an imported link keeps its source's, so created_at and the id
// disagree. One index per account in that order, the id breaking ties, read forwards or backwards, like the other
// sort columns' (migration 001); PostgreSQL's in the "C" collation that the list's text sorts use.
import { sql, type Kysely } from 'kysely';

/** The same on PostgreSQL. */
export const postgres = ['CREATE INDEX links_user_created ON links (user_id, created_at COLLATE "C", id)'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // On an ANALYZEd database the migrator measures it (sqlite-migrate.ts, measureNewIndexes).
  await sql`CREATE INDEX links_user_created ON links (user_id, created_at, id)`.execute(db);
}
