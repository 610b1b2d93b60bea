// Import leases: a running or queued import job names the instance that holds it (lease_owner)
// and until when (lease_until, ISO time, renewed by that instance's heartbeat). When the lease runs out, any
// instance's sweeper marks the job failed (imports/import-job.ts). The partial index serves that sweep.
// Preview image quotas, in the same step: og_images gets its size (so that an account's bytes are summed
// without reading the images), an index per account, and links an index of the links that have an og_image
// (so that "is this image still used" reads only those: previews/og-image-orphans.ts).
import { sql, type Kysely } from 'kysely';

const statements = (sizeOf: string) => [
  'ALTER TABLE imports ADD COLUMN lease_owner text',
  'ALTER TABLE imports ADD COLUMN lease_until text',
  `CREATE INDEX imports_unfinished ON imports (lease_until) WHERE status IN ('queued', 'validating', 'importing')`,
  'ALTER TABLE og_images ADD COLUMN size integer NOT NULL DEFAULT 0',
  `UPDATE og_images SET size = ${sizeOf}(data)`,
  'CREATE INDEX og_images_user ON og_images (user_id, created_at)',
  'CREATE INDEX og_images_created ON og_images (created_at)',
  'CREATE INDEX links_og_image ON links (user_id, og_image) WHERE og_image IS NOT NULL',
];

/** The same on PostgreSQL. */
export const postgres = statements('octet_length');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('length')) await sql.raw(statement).execute(trx);
  });
}
