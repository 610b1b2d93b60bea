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

/** Link status as the list filter knows it (seed section 3). 0 is a filter value only. */
export const LINK_STATUS_LABELS: Record<number, string> = { 0: 'All', 1: 'Active', 2: 'Expired', 3: 'Disabled' };
export type LinkStatus = 1 | 2 | 3;


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
