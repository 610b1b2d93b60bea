// The QR designer: per account, the default style of its links' QR codes (JSON text of QrStyle)
// and its logo (a PNG, at most 256 KB, kept in the database so that every instance serves it).
import { sql, type Kysely } from 'kysely';

const columns = (int: string, text: string, blob: string) => `(
  user_id ${int} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  style ${text},
  logo ${blob},
  updated_at ${text} NOT NULL)`;

/** The same table on PostgreSQL (bytea for the logo). */
export const postgres = [`CREATE TABLE qr_styles ${columns('integer', 'text', 'bytea')}`];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`CREATE TABLE qr_styles ${columns('INTEGER', 'TEXT', 'BLOB')}`).execute(db);
}
