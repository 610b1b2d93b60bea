// End-to-end tests against the real server and the built dashboard, with a fresh database per run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_BASE_URL, E2E_DNS_PORT, E2E_PORT } from './fixtures/env';

const chromium = '/usr/bin/chromium';
const hasSystemChromium = fs.existsSync(chromium);

// One temp dir per run for the database and the built web app (so a parallel `vite build` into dist/web
// by someone else cannot pull files from under the running server).
const runDir = process.env.E2E_RUN_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-e2e-'));
process.env.E2E_RUN_DIR = runDir;
// E2E_WEB_DIR: use an already built dashboard (skips the build), e.g. when iterating on specs.
const prebuilt = process.env.E2E_WEB_DIR;
const webDir = prebuilt ?? path.join(runDir, 'web');
const build = prebuilt ? '' : `npx vite build --outDir "${webDir}" --emptyOutDir && `;

export default defineConfig({
  testDir: '.',
  testMatch: ['**/*.spec.ts'],
  outputDir: './.results',
  reporter: [['list'], ['html', { outputFolder: './.report', open: 'never' }]],
  // One browser per core pair: on a 2-core machine two Chromiums and the server starve each other (tests took 2-3x
  // as long and hit their timeouts), so they run one at a time there.
  workers: os.availableParallelism() <= 2 ? 1 : 2,
  fullyParallel: false,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 900 },
    // prefers-reduced-motion: Mantine's transitions then take no time (respectReducedMotion in src/web/theme.ts),
    // so no check meets a dialog mid-fade; e2e/fixtures/a11y.ts still waits for any CSS transition left.
    reducedMotion: 'reduce',
    launchOptions: hasSystemChromium
      ? {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        }
      : {},
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `${build}npx tsx src/server/main.ts`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${E2E_BASE_URL}/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, 'data'),
      WEB_DIR: webDir,
      ADMIN_API_KEY: E2E_ADMIN_KEY,
      FETCH_TITLES: '0',
      API_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      // Every API answer the dashboard gets is checked against its documented schema (a drift is a 500).
      CHECK_RESPONSES: '1',
      // The webhook receivers of e2e/webhooks.spec.ts listen on this loopback address (others stay refused).
      FETCH_ALLOW_ADDRESSES: '127.0.0.2',
      // Custom domains' DNS checks ask the DNS server that e2e/issue27-domains.spec.ts starts on this port.
      DNS_RESOLVER: `127.0.0.1:${E2E_DNS_PORT}`,
    },
  },
});
