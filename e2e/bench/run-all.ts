// `npm run bench`: the list benchmark, then the redirect, dashboard, import, bulk and analytics benchmarks when they exist.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runListBench } from './list.bench';

const here = path.dirname(fileURLToPath(import.meta.url));

async function optional(file: string, exportName: string): Promise<string> {
  const full = path.join(here, file);
  if (!fs.existsSync(full)) return `(skipped ${file}: the file does not exist yet)`;
  const mod = (await import(pathToFileURL(full).href)) as Record<string, unknown>;
  const run = mod[exportName];
  if (typeof run !== 'function') return `(skipped ${file}: it does not export ${exportName}())`;
  return (await (run as () => Promise<string>)()) ?? '';
}

async function main(): Promise<void> {
  const tables: string[] = [];
  let failed = false;
  for (const [name, run] of [
    ['list', () => runListBench()],
    ['redirect', () => optional('redirect.bench.ts', 'runRedirectBench')],
    ['redirect on PostgreSQL', () => optional('pg-redirect.bench.ts', 'runPgRedirectBench')],
    ['web', () => optional('web.bench.ts', 'runWebBench')],
    ['import and export', () => optional('import.bench.ts', 'runImportBench')],
    ['bulk', () => optional('bulk.bench.ts', 'runBulkBench')],
    ['analytics', () => optional('analytics.bench.ts', 'runAnalyticsBench')],
    ['tags', () => optional('tags.bench.ts', 'runTagsBench')],
    ['backup', () => optional('backup.bench.ts', 'runBackupBench')],
    ['heavy load', () => optional('heavy-load.bench.ts', 'runHeavyLoadBench')],
  ] as const) {
    console.error(`\n== ${name} benchmark ==`);
    try {
      const table = await run();
      tables.push(table);
      console.log(`\n${table}`);
    } catch (err) {
      failed = true;
      console.error(`${name} benchmark failed:`, err);
      tables.push(`(${name} benchmark failed: ${err instanceof Error ? err.message : String(err)})`);
    }
  }
  console.log(`\n## All benchmark results\n\n${tables.join('\n\n')}`);
  if (failed) process.exitCode = 1;
}

void main();
