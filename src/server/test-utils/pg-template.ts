// The PostgreSQL run of the suite: one migrated template database per run (made by pg-global-setup.ts),
// and per test app a copy of it (CREATE DATABASE … TEMPLATE, much faster than migrating each time).
import { inject } from 'vitest';
import { adminQuery, databaseUrl } from './both-databases';
import { randomBytes } from 'node:crypto';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

export async function createFromTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('pgTemplate');
  const name = `linkdeck_test_${randomBytes(5).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (err) {
      // 55006: another copy of the template is being made right now; wait a moment.
      if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  return { url: databaseUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
