// IANA time zones (Intl only, no data files): validating a zone name and the calendar day of an instant
// in a zone. Used by the stats API's optional `tz` (days of the clicks chart in the viewer's zone) and
// by the dashboard to ask for "today" in the viewer's zone.

/**
 * The zone's spelling ("europe/berlin" -> "Europe/Berlin"; an alias stays as given), or null when it is not an IANA
 * zone name (raw offsets like "+05:30" are refused: they are not zones, and some runtimes take them).
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    // ICU resolves some current names to older ones (Asia/Kolkata -> Asia/Calcutta): keep the caller's.
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (formatters.size > 100) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day ("2026-11-22") of the instant `ms` in `timeZone`. */
export function dayInZone(ms: number, timeZone: string): string {
  const parts = dayFormatter(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}

/** "2026-11-22" plus n days (n may be negative), in calendar terms. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
