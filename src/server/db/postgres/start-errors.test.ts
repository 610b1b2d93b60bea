// A wrong DATABASE_URL at start, through the real entry point (main.ts): one line that names the problem,
// no stack trace, exit code 1.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test-utils/server-process';
import { databaseUrl, TEST_DATABASE_URL } from '../../test-utils/both-databases';

function start(url: string): { status: number | null; lines: string[] } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    env: { ...process.env, DATABASE_URL: url, PORT: '0', BASE_URL: 'http://127.0.0.1:1' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: r.status, lines: r.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn')) };
}

describe('DATABASE_URL problems at start', () => {
  it('nothing listening there', { timeout: 40_000 }, async () => {
    const port = await freePort();
    const r = start(`postgres://someone:secret@127.0.0.1:${port}/linkdeck`);
    expect(r.status).toBe(1);
    expect(r.lines).toEqual([`Linkdeck cannot start: cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED): is the server running, and is DATABASE_URL's host right?`]);
  });

  it('not a URL at all', { timeout: 40_000 }, () => {
    const r = start('localhost/linkdeck');
    expect(r.status).toBe(1);
    expect(r.lines).toEqual(['Linkdeck cannot start: DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database)']);
  });

  it.skipIf(!TEST_DATABASE_URL)('a database that does not exist, and a wrong password', { timeout: 60_000 }, () => {
    const missing = start(databaseUrl('linkdeck_no_such_database'));
    expect(missing.status).toBe(1);
    expect(missing.lines).toHaveLength(1);
    expect(missing.lines[0]).toMatch(/^Linkdeck cannot start: database "linkdeck_no_such_database" does not exist on .+: create it/);
    const u = new URL(TEST_DATABASE_URL as string);
    u.password = 'definitely-wrong';
    const denied = start(u.toString());
    expect(denied.status).toBe(1);
    expect(denied.lines).toHaveLength(1);
    expect(denied.lines[0]).toMatch(/^Linkdeck cannot start: PostgreSQL at .+ refused user ".+": wrong password or no such role \(28P01\)$/);
    expect(denied.lines[0]).toContain(`"${decodeURIComponent(u.username)}"`);
    expect(denied.lines[0]).not.toContain('definitely-wrong');
  });
});
