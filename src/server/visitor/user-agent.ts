// User-Agent → the seed's exact OS, browser and device names (ua-parser-js 1.x, MIT), plus bot detection
// (isbot). Parsing is the expensive part of a visit, so results are cached per User-Agent string.
import UAParser from 'ua-parser-js';
import { isbot } from 'isbot';
import type { Browser, Device, OperatingSystem } from '../../shared/enums';

export interface ParsedAgent {
  os: OperatingSystem | null;
  browser: Browser | null;
  device: Device | null;
  bot: boolean;
}

const BROWSER_NAMES: Record<string, Browser> = {
  Chrome: 'Chrome',
  'Chrome WebView': 'Chrome',
  'Chrome Headless': 'Chrome',
  'Mobile Chrome': 'Chrome',
  Chromium: 'Chromium',
  Firefox: 'Firefox',
  'Mobile Firefox': 'Firefox Mobile',
  'Firefox Focus': 'Firefox Mobile',
  Edge: 'Edge',
  'Edge WebView': 'Edge',
  IE: 'Internet Explorer',
  IEMobile: 'Mobile Internet Explorer',
  Vivaldi: 'Vivaldi',
  Brave: 'Brave',
  Safari: 'Safari',
  'Mobile Safari': 'Safari',
  Opera: 'Opera',
  'Opera Mini': 'Opera Mini',
  'Opera Mobi': 'Opera Mobile',
  'Opera Tablet': 'Opera Mobile',
  'Opera Touch': 'Opera Touch',
  Yandex: 'Yandex Browser',
  UCBrowser: 'UC Browser',
  'Samsung Internet': 'Samsung Internet',
  QQBrowser: 'QQ Browser',
  QQBrowserLite: 'QQ Browser',
  QQ: 'QQ Browser',
  BlackBerry: 'BlackBerry Browser',
  Maxthon: 'Maxtho',
};

const OS_NAMES: Record<string, OperatingSystem> = {
  iOS: 'iOS',
  Android: 'Android',
  Windows: 'Windows',
  'Windows Phone': 'Windows',
  'Windows Mobile': 'Windows',
  'Mac OS': 'OS X',
  Ubuntu: 'Ubuntu',
  'Chromium OS': 'Chrome OS',
  Linux: 'Linux',
};
const LINUX_FAMILY = new Set(['Arch', 'CentOS', 'Debian', 'Fedora', 'Gentoo', 'Kubuntu', 'Linpus', 'Mageia', 'Mandriva', 'Mint', 'RedHat', 'Red Hat', 'Slackware', 'SUSE', 'openSUSE', 'Zenwalk', 'elementary OS', 'Deepin', 'PCLinuxOS', 'Manjaro']);
const DESKTOP_OS = new Set<OperatingSystem>(['Windows', 'OS X', 'Linux', 'Ubuntu', 'Chrome OS']);

const DEVICE_TYPES: Record<string, Device> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  wearable: 'Watch',
  smarttv: 'Television',
};

function mapBrowser(name: string | undefined, ua: string, device: Device | null, osRaw: string | undefined): Browser | null {
  if (/\bBrave\b/.test(ua)) return 'Brave';
  if (osRaw === 'BlackBerry' || osRaw === 'RIM Tablet OS') {
    if (!name || name === 'Safari' || name === 'WebKit' || name === 'Mobile Safari') return 'BlackBerry Browser';
  }
  if (!name) return null;
  const mobile = device === 'Mobile' || device === 'Tablet';
  if (name === 'Firefox' && mobile) return 'Firefox Mobile';
  if (name === 'Opera' && mobile) return 'Opera Mobile';
  return BROWSER_NAMES[name] ?? null;
}

export function parseAgent(ua: string): ParsedAgent {
  if (!ua) return { os: null, browser: null, device: null, bot: false };
  const r = new UAParser(ua).getResult();
  const osRaw = r.os.name;
  const os: OperatingSystem | null = osRaw ? (OS_NAMES[osRaw] ?? (LINUX_FAMILY.has(osRaw) ? 'Linux' : null)) : null;
  let device: Device | null = r.device.type ? (DEVICE_TYPES[r.device.type] ?? null) : null;
  if (/\b(watchOS|AppleWatch|Watch OS)\b/i.test(ua) || /\bWatch\)/.test(ua)) device = 'Watch';
  else if (!device && os) device = DESKTOP_OS.has(os) ? 'Desktop' : os === 'iOS' || os === 'Android' ? 'Mobile' : null;
  return { os, browser: mapBrowser(r.browser.name, ua, device, osRaw), device, bot: isbot(ua) };
}

/** A bounded cache of parsed User-Agents (oldest entries leave first). */
export class AgentCache {
  private readonly map = new Map<string, ParsedAgent>();

  constructor(private readonly max = 20_000) {}

  get(ua: string | undefined): ParsedAgent {
    const key = ua ?? '';
    let hit = this.map.get(key);
    if (hit) return hit;
    hit = parseAgent(key.length > 1024 ? key.slice(0, 1024) : key);
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, hit);
    return hit;
  }
}
