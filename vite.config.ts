/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The test files that run on both databases (every file runs on SQLite). */
const POSTGRES_TESTS = [
  'account/account', 'domains/domains', 'domains/domain-https', 'spaces/spaces', 'pixels/pixels', 'users/users', 'stats/stats',
  'links/links', 'links/links.update', 'links/links.list', 'links/links.search', 'links/links.targets', 'links/links.property',
  'redirect/redirect', 'redirect/fast-path', 'redirect/targeting', 'redirect/grant-cookies', 'redirect/escaping',
  'http/isolation', 'http/authz-matrix', 'http/errors', 'http/rate-limit', 'clicks/clicks', 'openapi/openapi',
  'links/links.bulk', 'links/links.bulk-edit', 'links/links.status-counts', 'operations/operations',
  'imports/imports', 'imports/imports.dry-run', 'exports/exports', 'links/links.utm', 'utm-templates/utm-templates', 'qr/qr', 'previews/og-images', 'previews/social-preview',
  'webhooks/webhooks', 'webhooks/webhook-delivery',
  'stats/analytics', 'clicks/click-recording',
  'live/live.routes',
  'tags/tags', 'tags/tags.bulk',
  'workers/heavy-load',
  'previews/og-images.quota', 'imports/import-leases',
  'http/trust-proxy', 'http/trust-proxy.server',
  'redirect/gates', 'auth/attempt-limits',
  'domains/reserved-hosts', 'http/bidi-controls',
].map((f) => `src/server/${f}.test.ts`);

if (!process.env.TEST_DATABASE_URL && process.argv.some((a) => a.includes('vitest'))) {
  console.warn('\n  PostgreSQL half of the suite SKIPPED: TEST_DATABASE_URL is not set (.ci/run sets it; see the README).\n');
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
      // The API, redirect and stats tests once more on PostgreSQL, when TEST_DATABASE_URL names a server
      // (.ci/run starts one); each test app gets its own database, copied from a migrated template.
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'postgres', include: POSTGRES_TESTS, env: { TEST_BACKEND: 'postgres' }, globalSetup: ['src/server/test-utils/pg-global-setup.ts'] } }]
        : []),
    ],
  },
});
