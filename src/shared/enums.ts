// Enumerations of the seed (section 2.3, 3, 4) and the contract, spelled exactly as listed there.

export const TARGETS_TYPES = [
  'continents',
  'countries',
  'operating_systems',
  'browsers',
  'languages',
  'devices',
  'rotations',
] as const;
export type TargetsType = (typeof TARGETS_TYPES)[number];

export const OPERATING_SYSTEMS = ['iOS', 'Android', 'Windows', 'OS X', 'Linux', 'Ubuntu', 'Chrome OS'] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

export const BROWSERS = [
  'Chrome',
  'Chromium',
  'Firefox',
  'Firefox Mobile',
  'Edge',
  'Internet Explorer',
  'Mobile Internet Explorer',
  'Vivaldi',
  'Brave',
  'Safari',
  'Opera',
  'Opera Mini',
  'Opera Mobile',
  'Opera Touch',
  'Yandex Browser',
  'UC Browser',
  'Samsung Internet',
  'QQ Browser',
  'BlackBerry Browser',
  'Maxtho',
] as const;
export type Browser = (typeof BROWSERS)[number];

export const DEVICES = ['Desktop', 'Mobile', 'Tablet', 'Watch', 'Television'] as const;
export type Device = (typeof DEVICES)[number];

export const CONTINENTS = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
} as const;
export type ContinentCode = keyof typeof CONTINENTS;
export const CONTINENT_CODES = Object.keys(CONTINENTS) as ContinentCode[];

export const PIXEL_TYPES = [
  'adroll',
  'bing',
  'facebook',
  'google-ads',
  'google-analytics',
  'google-tag-manager',
  'linkedin',
  'pinterest',
  'quora',
  'reddit',
  'tiktok',
  'x',
] as const;
export type PixelType = (typeof PIXEL_TYPES)[number];

export const SPACE_COLORS = [1, 2, 3, 4, 5, 6] as const;

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;

export const STATS_NAMES = [
  'clicks',
  'country',
  'continent',
  'browser',
  'operating_system',
  'device',
  'language',
  'referrer',
] as const;
export type StatsName = (typeof STATS_NAMES)[number];

/** First path segments that belong to the application, never to a short link. */
export const RESERVED_ALIASES = [
  'api',
  'dashboard',
  'health',
  'assets',
  'favicon.ico',
  'robots.txt',
  'static',
  'public',
  'docs',
  'login',
  'admin',
  'manifest.json',
  'sitemap.xml',
  '.well-known',
] as const;

export const LIMITS = {
  urlMax: 2048,
  /** One UTM parameter's value. */
  utmMax: 255,
  /** Link preview (Open Graph) texts. */
  ogTitleMax: 200,
  ogDescriptionMax: 500,
  aliasMax: 255,
  titleMax: 255,
  passwordMax: 128,
  clicksLimitMax: 999_999_999,
  targetsMax: 100,
  domainNameMax: 255,
  spaceNameMax: 32,
  pixelNameMax: 64,
  pixelValueMax: 255,
  userNameMax: 64,
  searchMax: 255,
} as const;

// The value lists of the API's answer objects. objects/*.object.ts import them from here: the *.schema.ts files
// import those objects' types, so taking the values from a schema file made an import cycle.

// QR codes (qr.schema.ts).
export const QR_ECC = ['L', 'M', 'Q', 'H'] as const;
export const QR_SIZE = { min: 64, max: 2048 } as const;
export const QR_MARGIN = { min: 0, max: 16 } as const;

// Imports (import.schema.ts).
export const IMPORT_SOURCES = ['linkdeck', 'bitly', 'yourls', 'kutt', 'shlink'] as const;
/**
 * Alias collisions (with an existing link of the same domain, or an earlier row of the file):
 * `skip` leaves the row out (counted in `skipped`); `rename` imports it as alias-2, alias-3, ...; `fail`
 * makes the row a failure, and then, unless `partial=1`, the whole import writes nothing.
 */
export const ON_CONFLICT = ['fail', 'skip', 'rename'] as const;
/** How many failures a job keeps (with line numbers); `failed` counts them all. */
export const MAX_IMPORT_FAILURES = 1000;
export const IMPORT_STATUSES = ['queued', 'validating', 'importing', 'completed', 'failed'] as const;
/** Rows of the file a dry run shows, mapped to Linkdeck's fields. */
export const IMPORT_PREVIEW_ROWS = 20;
/** What the import would do with a row: create it (alias as given, or picked), under another alias (on_conflict=rename), skip it, or fail it. */
export const IMPORT_ROW_OUTCOMES = ['create', 'rename', 'skip', 'fail'] as const;

// Analytics (analytics.schema.ts).
/** What a click can be grouped and filtered by. `city` is listed for later: no city data ships today. */
export const ANALYTICS_DIMENSIONS = [
  'country', 'continent', 'browser', 'os', 'device', 'language', 'referrer',
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'target', 'link', 'space', 'domain',
] as const;
export const ANALYTICS_INTERVALS = ['hour', 'day', 'week', 'month'] as const;

// Webhooks (webhook.schema.ts).
export const WEBHOOK_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked', 'link.limit_reached', 'link.expired'] as const;
/** The event of "Send test event"; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** `sending`: a test event under way (it is sent at once, never queued or retried). */
export const DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'delivered', 'failed'] as const;
