// A page of an account's rows of a table with `id` and `user_id`, newest first, with the account's total:
// the lists of imports, operations and webhooks.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';

type AccountTable = 'imports' | 'operations' | 'webhooks';

export async function newestPage<T extends AccountTable>(
  db: Kysely<Database>,
  table: T,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  // One table at a time: Kysely cannot check the columns of a union of tables, so the query is typed as one.
  const t = table as 'imports';
  const rows = await db.selectFrom(t).selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
  const { n } = await db.selectFrom(t).select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { rows: rows as unknown as Selectable<Database[T]>[], total: Number(n) };
}
