// A per-domain scheme for short URLs and QR codes: `https` 1 builds https://{name}, 0 builds
// http://{name}. Domains that exist before this migration get NULL, which keeps what they did until now:
// the scheme of BASE_URL (domains/domain-url.ts). New domains get 1 unless the request says otherwise
// (domains.repo.ts), so the column has no default.
import { sql, type Kysely } from 'kysely';

const statement = 'ALTER TABLE domains ADD COLUMN https INTEGER';

/** The same column on PostgreSQL (flags stay 0/1 integers there too). */
export const postgres = [statement.replace('INTEGER', 'integer')];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statement).execute(db);
}
