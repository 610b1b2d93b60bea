// A key's optional expiry as the key form picks it: a day in the browser's time zone, the key working until that day
// ends; the API gets the moment as an ISO string.

/** "2026-12-31" -> the last millisecond of that day here, as ISO; null for no day or not a day. */
export function endOfDayIso(day: string | null): string | null {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The day (here) of an ISO moment, "2026-12-31"; null for none. */
export function localDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
