// Database errors the API turns into answers, on either database.

/** True when the database refused a row for a UNIQUE constraint (a race the pre-check did not see). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  // SQLite's codes, and PostgreSQL's unique_violation.
  return err.code === 'SQLITE_CONSTRAINT_UNIQUE' || err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || err.code === '23505';
}

/** True when the database refused a row whose reference names no row (SQLite's code, PostgreSQL's foreign_key_violation). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  return err.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || err.code === '23503';
}

/** PostgreSQL (or the way to it) is unavailable right now: the request gets a 503, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Connection refused/reset; PostgreSQL's classes 08 (connection), 57P01-57P03 (shutting down, starting up).
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  // node-postgres' own messages for a lost connection or a bounded wait that ran out.
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(message);
}

/**
 * True when PostgreSQL rolled a transaction back because another one wrote the same rows at the same moment: a
 * deadlock (40P01) or a serialization failure (40001). Nothing of it was written; the request can be sent again.
 */
export function isConcurrentWriteConflict(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  return err.code === '40P01' || err.code === '40001';
}
