// Audit entries in the write's own transaction. An audited request runs in a write scope (AsyncLocalStorage, set
// by audit.plugin.ts before its handler); the database's driver (withCommitHooks, wrapped around both dialects'
// drivers in database.ts and postgres/open-postgres.ts) calls the scope's `beforeCommit` on the transaction's own
// connection just before it commits, so the scope writes its entries there: a write that goes through a Kysely
// transaction commits together with its entry, or neither. Writes outside any transaction (one autocommitted
// statement) get their entry just after, still before the answer is sent (audit.plugin.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler, TransactionSettings } from 'kysely';

export interface WriteScope {
  /** Runs on the committing transaction's connection; a failure rolls the transaction back. */
  beforeCommit(run: (query: CompiledQuery) => Promise<{ rows: unknown[] }>): Promise<void>;
}

const scopes = new AsyncLocalStorage<WriteScope>();

/** Runs `fn` (and everything it starts) in `scope`. */
export function runInWriteScope<T>(scope: WriteScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

type SavepointFn = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;

class CommitHookDriver implements Driver {
  savepoint?: SavepointFn;
  rollbackToSavepoint?: SavepointFn;
  releaseSavepoint?: SavepointFn;

  constructor(private readonly inner: Driver) {
    // Savepoints only where the dialect's driver has them (Kysely asks whether they are there).
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }

  init(): Promise<void> {
    return this.inner.init();
  }
  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = scopes.getStore();
    if (scope) await scope.beforeCommit(async (query) => ({ rows: (await connection.executeQuery(query)).rows }));
    await this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` whose transactions let the current write scope add its rows before they commit. */
export function withCommitHooks(dialect: Dialect): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new CommitHookDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
