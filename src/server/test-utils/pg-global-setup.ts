// Vitest global set-up of the PostgreSQL run: a template database migrated once, dropped at the end.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/postgres/open-postgres';
import { adminQuery, databaseUrl } from './both-databases';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const name = `linkdeck_template_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const db = await openPostgres(databaseUrl(name));
  await db.close();
  project.provide('pgTemplate', name);
  return async () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
