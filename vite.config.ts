/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * With TEST_DATABASE_URL set, every src/server/**\/*.test.ts runs a second time on PostgreSQL (project `postgres`),
 * but for the files named here, each with the reason it does not. An API test opts out here, by name, or not at all.
 */
const NOT_ON_POSTGRES: Record<string, string> = {
  // Tested once: they compare both databases themselves, or are PostgreSQL's own (they read TEST_DATABASE_URL).
  'clicks/pg-click-batch': 'compares the PostgreSQL batch writer with SQLite\'s itself (openBoth)',
  'links/pg-link-list.repo': 'compares the PostgreSQL link list with SQLite\'s itself (openBoth)',
  'db/postgres/open-postgres': 'PostgreSQL only: makes its own databases from TEST_DATABASE_URL',
  'db/postgres/pg-changes': 'PostgreSQL only: LISTEN/NOTIFY on TEST_DATABASE_URL',
  'db/postgres/shared-limits': 'PostgreSQL only: two apps on one database made from TEST_DATABASE_URL',
  'db/postgres/start-errors': 'PostgreSQL only: wrong DATABASE_URLs through the real main.ts',
  'db/postgres/multi-instance': 'PostgreSQL only: real server processes on a database of its own (sequential phase)',
  // SQLite's own machinery, which PostgreSQL does not have.
  'backup/backup': 'backs up the SQLite file (VACUUM INTO); on PostgreSQL a backup is pg_dump\'s',
  'backup/backup-process': 'SQLite backup and restore as real processes (sequential phase)',
  'backup/health': 'scheduled backups (BACKUP_EVERY) are SQLite\'s only: with DATABASE_URL set the start refuses them',
  'clicks/click-writer': 'the SQLite click writer thread and its string table',
  'clicks/durable-limit': 'the SQLite limit journal (PostgreSQL counts limited clicks by an UPDATE)',
  'clicks/crash': 'SIGKILL of real processes on a SQLite data directory (sequential phase)',
  'jobs/job-crash': 'SIGKILL of a real process mid-job on a SQLite data directory (sequential phase)',
  'audit/audit-crash': 'SIGKILL of a real process on a SQLite data directory (sequential phase)',
  'backup/private-files': 'file modes of the SQLite data directory and backups, through real processes',
  'db/migrations': 'SQLite migrations on a file that holds data',
  'db/sqlite-migrate': 'SQLite\'s snapshot before a migration and its one-transaction migrator',
  'links/link-list.repo': 'SQLite\'s trigger-kept list counters and cached counts (link_counters)',
  // No database at all: the same code either way.
  'config-errors': 'starts main.ts with wrong settings, which stops before any database is opened',
  'domains/domain-url': 'pure functions',
  'imports/formats': 'pure functions (file formats)',
  'links/title-queue': 'the in-memory title queue',
  'outbound/address-policy': 'pure functions (address ranges)',
  'redirect/link-cache': 'the in-memory link cache, on a stub source',
  'stats/analytics-time': 'pure functions (time buckets)',
  'visitor/user-agent': 'pure functions (User-Agent parsing)',
  'visitor/visitor': 'pure functions (visitor dimensions)',
};

if (!process.env.TEST_DATABASE_URL && process.argv.some((a) => a.includes('vitest'))) {
  console.warn('\n  PostgreSQL half of the suite SKIPPED: TEST_DATABASE_URL is not set (.ci/run sets it; see the README).\n');
}

/** The server's test files once more on PostgreSQL, but NOT_ON_POSTGRES (a name there that is no test file stops the run). */
function postgresProject() {
  const notOnPostgres = Object.keys(NOT_ON_POSTGRES).map((name) => `src/server/${name}.test.ts`);
  const stale = notOnPostgres.filter((file) => !fs.existsSync(path.resolve(import.meta.dirname, file)));
  if (stale.length) throw new Error(`vite.config.ts: NOT_ON_POSTGRES names no test file: ${stale.join(', ')}`);
  return {
    extends: true as const,
    test: {
      name: 'postgres',
      // Negated include patterns rather than `exclude`: a project's own exclude would drop the --exclude given on
      // the command line (package.json's test:unit keeps the sequential-phase files out of the parallel run with it).
      include: ['src/server/**/*.test.ts', ...notOnPostgres.map((file) => `!${file}`)],
      env: { TEST_BACKEND: 'postgres' },
      globalSetup: ['src/server/test-utils/pg-global-setup.ts'],
    },
  };
}

const apiTarget = process.env.LINKDECK_DEV_API ?? 'http://127.0.0.1:8080';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea takes one small hook, useMergeRefs, from @floating-ui/react: that import alone put all of
 * floating-ui in the links page's first load. It gets src/web/lib/merge-refs.ts instead (same contract).
 */
export function scrollAreaMergeRefs(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/web/lib/merge-refs.ts');
  return {
    name: 'linkdeck:scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer) ? shim : null;
    },
  };
}

// The dashboard (index.html -> src/web/main.tsx) is served by the Linkdeck server under /dashboard/.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react(), scrollAreaMergeRefs()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
      // The server's tests once more on PostgreSQL, when TEST_DATABASE_URL names a server (.ci/run starts one);
      // each test app gets its own database, copied from a migrated template.
      ...(process.env.TEST_DATABASE_URL ? [postgresProject()] : []),
    ],
  },
});
