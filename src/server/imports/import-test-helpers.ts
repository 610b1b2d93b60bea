// Sending files to POST /api/v1/links/import in tests, and waiting for the job.
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../test-utils/test-app';
import type { ImportJob } from '../../shared/import.schema';

export const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

export function postCsv(t: TestApp, key: string, csv: string | Buffer, query = ''): Promise<LightMyRequestResponse> {
  return t.as(key, { method: 'POST', url: `/api/v1/links/import${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });
}

/** A multipart/form-data body with one file field. */
export function multipart(file: string | Buffer, name = 'links.csv', field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----linkdeck-test-boundary-7d1f';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.isBuffer(file) ? file : Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function postFile(t: TestApp, key: string, file: string | Buffer, query = '', name = 'links.csv'): Promise<LightMyRequestResponse> {
  return t.as(key, { method: 'POST', url: `/api/v1/links/import${query}`, ...multipart(file, name) });
}

/** The job after the runner has finished everything queued. */
export async function finished(t: TestApp, key: string, res: LightMyRequestResponse): Promise<ImportJob> {
  if (res.statusCode !== 202) throw new Error(`import: ${res.statusCode} ${res.body}`);
  await t.app.importRunner.idle();
  const job = await t.as(key, { method: 'GET', url: `/api/v1/imports/${res.json().data.id}` });
  return job.json().data as ImportJob;
}
