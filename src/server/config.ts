// Configuration from the environment (contract section 1).
import net from 'node:net';
import path from 'node:path';
import type { HeavyLimits } from './workers/heavy-admission';
import { parseEvery } from './backup/backup-every';
import { parseReservedHosts } from './domains/reserved-hosts';
import { parseCheckEvery, parseDnsResolver, parseTargetHost } from './domains/domain-config';
import { parseTrustProxy, type TrustProxy } from './http/client-address';
import { API_KEY_RULE, apiKeyProblem, isApiKeyForm } from './auth/api-key-format';
import { assertNotServed } from './backup/private-files';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Path of the SQLite file, or ':memory:'. */
  dbFile: string;
  /** DATABASE_URL: run on PostgreSQL instead of the SQLite file (several instances may share it). */
  databaseUrl: string | null;
  baseUrl: string;
  /** RESERVED_HOSTS: hosts no account may register as a domain (besides the host of BASE_URL), normalised. */
  reservedHosts: string[];
  adminApiKey: string | null;
  /** TRUST_PROXY: the proxies whose forwarding headers are believed (http/client-address.ts). */
  trustProxy: TrustProxy;
  apiRateLimit: number;
  /** WRONG_API_KEY_LIMIT: unknown API keys per client address in 5 minutes before 429 (0: no limit). */
  wrongApiKeyLimit: number;
  clickRetentionDays: number;
  /** Where the built dashboard lives. */
  webDir: string;
  /** Fetch titles of destinations in the background. */
  fetchTitles: boolean;
  /** ALLOW_PRIVATE_FETCH=1: server-side requests may reach private, loopback and link-local addresses. */
  allowPrivateFetch: boolean;
  /** Exact non-public addresses server-side requests may reach anyway (tests: a second loopback address). */
  fetchAllowAddresses: string[];
  /** How often the webhook worker looks for due deliveries (ms); 0: only when a test says so. */
  webhookPollMs: number;
  logLevel: string;
  /** Log every request (two lines each). */
  logRequests: boolean;
  /** CHECK_RESPONSES=1 (the tests): every API answer is checked against its documented schema; a drift is a 500. */
  checkResponses: boolean;
  /**
   * TRACKING: what a click records. `full`: everything (dimensions, UTM, unique-visitor marker);
   * `anonymous`: no unique-visitor marker and the referrer cut to its site (news.example.co.uk ->
   * example.co.uk), the rest as in full; `off`: the click is counted, nothing else.
   */
  tracking: 'full' | 'anonymous' | 'off';
  /** RESPECT_DNT (default 1): a visit with `DNT: 1` or `Sec-GPC: 1` is counted without any dimension. */
  respectDnt: boolean;
  /** Heavy work (QR codes, exports, imports) off the event loop, with caps: workers/heavy-admission.ts. */
  heavy: HeavyLimits;
  /** OG_IMAGE_QUOTA_COUNT (default 100): preview images an account may hold (previews/og-images.ts). */
  ogImageQuotaCount: number;
  /** OG_IMAGE_QUOTA_MB (default 50): their total size, in bytes here. */
  ogImageQuotaBytes: number;
  /** BACKUP_DIR (default DATA_DIR/backups): where `npm run backup` and scheduled backups write. */
  backupDir: string;
  /** BACKUP_EVERY (`6h`, `30m`, `1d`; unset: no scheduled backups), in ms. SQLite only. */
  backupEveryMs: number | null;
  /** BACKUP_KEEP (default 14): the newest backups kept in BACKUP_DIR; older ones are deleted. */
  backupKeep: number;
  /** HISTORY_DAYS (default 90): how long a deleted link's revisions are kept (it can be restored meanwhile). */
  historyDays: number;
  // Custom domains' DNS verification (domains/domain-config.ts parses, domains/dns-check.ts uses them):
  /** DNS_RESOLVER (`127.0.0.1:5353`, `[::1]:53`, several separated by commas): the resolver that checks domains' records; unset: the system's. */
  dnsResolver: string[];
  /** DOMAIN_TARGET_ADDRESSES: this server's public IPv4/IPv6 addresses, which a domain's A/AAAA records must name. */
  domainTargetAddresses: string[];
  /** DOMAIN_TARGET_HOST (default: the host of BASE_URL unless it is an IP address): the host a domain's CNAME may name instead; null: none. */
  domainTargetHost: string | null;
  /** DOMAIN_CHECK_EVERY (default `10m`; `0`: never): how often the worker checks domains that are due (unverified ones that often, others daily), in ms. */
  domainCheckEveryMs: number | null;
  /** AUDIT_RETENTION_DAYS (default 365): audit log entries older than this are deleted; 0 keeps them forever. */
  auditRetentionDays: number;
}

const TRACKING = ['full', 'anonymous', 'off'] as const;

function tracking(value: string | undefined): Config['tracking'] {
  if (value === undefined || value === '') return 'full';
  const v = value.toLowerCase();
  if (!(TRACKING as readonly string[]).includes(v)) throw new Error(`TRACKING must be full, anonymous or off, got "${value}"`);
  return v as Config['tracking'];
}

function int(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number >= ${min}, got "${value}"`);
  return n;
}

function addresses(name: string, value: string | undefined): string[] {
  const list = (value ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  for (const a of list) if (!net.isIP(a)) throw new Error(`${name} must list IP addresses separated by commas, got "${a}"`);
  return list;
}

/** ADMIN_API_KEY: signs in like any API key, so it must have an API key's form (auth/api-key-format.ts). */
function adminApiKey(value: string | undefined): string | null {
  if (!value) return null;
  if (!isApiKeyForm(value)) throw new Error(`ADMIN_API_KEY must be ${API_KEY_RULE}; ${apiKeyProblem(value)}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int('PORT', env.PORT, 8080);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    const u = new URL(baseUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw new Error(`BASE_URL must be an absolute http(s) URL, got "${baseUrl}"`);
  }
  const config: Config = {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    dbFile: path.join(dataDir, 'linkdeck.db'),
    databaseUrl: env.DATABASE_URL || null,
    baseUrl,
    reservedHosts: parseReservedHosts(env.RESERVED_HOSTS),
    adminApiKey: adminApiKey(env.ADMIN_API_KEY),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiRateLimit: int('API_RATE_LIMIT', env.API_RATE_LIMIT, 600),
    wrongApiKeyLimit: int('WRONG_API_KEY_LIMIT', env.WRONG_API_KEY_LIMIT, 20),
    clickRetentionDays: int('CLICK_RETENTION_DAYS', env.CLICK_RETENTION_DAYS, 365, 1),
    webDir: path.resolve(env.WEB_DIR || 'dist/web'),
    fetchTitles: env.FETCH_TITLES !== '0',
    allowPrivateFetch: env.ALLOW_PRIVATE_FETCH === '1',
    // FETCH_ALLOW_ADDRESSES=127.0.0.2,...: exact non-public addresses allowed anyway (tests' local receivers).
    fetchAllowAddresses: addresses('FETCH_ALLOW_ADDRESSES', env.FETCH_ALLOW_ADDRESSES),
    webhookPollMs: int('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 1000),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: env.LOG_REQUESTS === '1',
    checkResponses: env.CHECK_RESPONSES === '1',
    tracking: tracking(env.TRACKING),
    respectDnt: env.RESPECT_DNT !== '0' && env.RESPECT_DNT !== 'false',
    heavy: {
      threads: int('HEAVY_THREADS', env.HEAVY_THREADS, 2),
      perAccount: int('HEAVY_PER_ACCOUNT', env.HEAVY_PER_ACCOUNT, 2, 1),
      queue: int('HEAVY_QUEUE', env.HEAVY_QUEUE, 4),
      total: int('HEAVY_TOTAL', env.HEAVY_TOTAL, 64, 1),
      uploadBytes: int('HEAVY_UPLOAD_MB', env.HEAVY_UPLOAD_MB, 150, 1) * 1024 * 1024,
    },
    ogImageQuotaCount: int('OG_IMAGE_QUOTA_COUNT', env.OG_IMAGE_QUOTA_COUNT, 100),
    ogImageQuotaBytes: int('OG_IMAGE_QUOTA_MB', env.OG_IMAGE_QUOTA_MB, 50) * 1024 * 1024,
    backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    backupEveryMs: parseEvery('BACKUP_EVERY', env.BACKUP_EVERY, Boolean(env.DATABASE_URL)),
    backupKeep: int('BACKUP_KEEP', env.BACKUP_KEEP, 14, 1),
    historyDays: int('HISTORY_DAYS', env.HISTORY_DAYS, 90, 1),
    auditRetentionDays: int('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, 365),
    dnsResolver: parseDnsResolver(env.DNS_RESOLVER),
    domainTargetAddresses: addresses('DOMAIN_TARGET_ADDRESSES', env.DOMAIN_TARGET_ADDRESSES),
    domainTargetHost: parseTargetHost(env.DOMAIN_TARGET_HOST, baseUrl),
    domainCheckEveryMs: parseCheckEvery(env.DOMAIN_CHECK_EVERY),
    ...overrides,
  };
  // The database and its backups hold every secret of the instance: never where the dashboard's files are served.
  if (!config.databaseUrl) assertNotServed('DATA_DIR', config.dataDir, config.webDir);
  assertNotServed('BACKUP_DIR', config.backupDir, config.webDir);
  return config;
}
