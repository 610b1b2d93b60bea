// A wrong setting at start, through the real entry point (main.ts): one line that names the rule, no
// stack trace, exit code 1, and the server never listens. ADMIN_API_KEY must have an API key's form
// (auth/api-key-format.ts), or the admin would be locked out without a word.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): { status: number | null; lines: string[] } {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...rest, PORT: '0', DATA_DIR: dataDir, BASE_URL: 'http://127.0.0.1:1', ...env },
    encoding: 'utf8',
    // Long enough for a refusal; a server that starts instead is stopped here and the test fails.
    timeout: 45_000,
  });
  return { status: r.status, lines: r.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn')) };
}

const KEY_RULE = 'ADMIN_API_KEY must be 8 to 200 characters among letters, digits and _ - . ~ + / =';

describe('ADMIN_API_KEY', () => {
  it('takes a key of the API key form, or none', () => {
    expect(loadConfig({ ADMIN_API_KEY: 'ldk_abcdefgh12345678' }).adminApiKey).toBe('ldk_abcdefgh12345678');
    expect(loadConfig({ ADMIN_API_KEY: '12345678' }).adminApiKey).toBe('12345678');
    expect(loadConfig({}).adminApiKey).toBeNull();
  });

  it('refuses a key that could never sign in, without repeating it', () => {
    for (const [key, why] of [['short', 'it has 5'], ['x'.repeat(201), 'it has 201'], ['has space in it', 'it has other characters'], ['ünïcödé-key', 'it has other characters']]) {
      expect(() => loadConfig({ ADMIN_API_KEY: key }), key).toThrow(`${KEY_RULE}; ${why}`);
    }
  });

  it('stops the real start with one line naming the rule', { timeout: 60_000 }, () => {
    const r = start({ ADMIN_API_KEY: 'secret1' });
    expect(r.status).toBe(1);
    expect(r.lines).toEqual([`Linkdeck cannot start: ${KEY_RULE}; it has 7`]);
  });
});

describe('TRUST_PROXY', () => {
  it('stops the real start with one line naming the rule', { timeout: 60_000 }, () => {
    const r = start({ TRUST_PROXY: 'true' });
    expect(r.status).toBe(1);
    expect(r.lines).toEqual([
      `Linkdeck cannot start: TRUST_PROXY must be 0 (off), a hop count (1: one proxy such as nginx) or the proxies' addresses and CIDR ranges separated by commas, got "true"`,
    ]);
  });
});
