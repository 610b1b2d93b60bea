// `npm run backup` on PostgreSQL (DATABASE_URL): PostgreSQL's own pg_dump (custom format) into BACKUP_DIR,
// under a hidden partial name until pg_dump succeeded and pg_restore can read the archive's table of
// contents. Without pg_dump on this machine, it prints exactly what to run instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { syncDir } from './backup-files';
import { privateDir } from './private-files';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, quiet = false): Promise<number | 'missing'> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] });
    child.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ENOENT' ? 'missing' : 1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** The commands an operator runs by hand (the URL stays in the variable, never on the screen). */
export function pgCommands(file: string): string {
  return [
    `  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    `  restore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`,
  ].join('\n');
}

/** Dumps the database; the process's exit code. */
export async function pgBackup(config: Config, stamp: string): Promise<number> {
  const url = new URL(config.databaseUrl as string);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const name = `linkdeck-${stamp}.pgdump`;
  const final = path.join(config.backupDir, name);
  privateDir(config.backupDir);
  const partial = path.join(config.backupDir, `.${name}.partial-${process.pid}`);
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  console.log(`Backing up PostgreSQL (${url.host}${url.pathname}) with pg_dump into ${config.backupDir}`);
  const code = await run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url.toString()}`], env);
  if (code === 'missing') {
    console.error(`pg_dump is not installed here (Debian: apt-get install postgresql-client, the same major version as the server). Run:\n${pgCommands(name)}`);
    return 1;
  }
  if (code !== 0 || (await run('pg_restore', ['--list', partial], env, true)) !== 0) {
    fs.rmSync(partial, { force: true });
    console.error(`pg_dump failed (exit ${code}); no backup was written`);
    return 1;
  }
  fs.renameSync(partial, final);
  syncDir(config.backupDir);
  console.log(`done: ${final} (${(fs.statSync(final).size / 1048576).toFixed(1)} MB)\nrestore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${final}`);
  return 0;
}
