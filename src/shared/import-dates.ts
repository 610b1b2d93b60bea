// Dates of an import file, read exactly or not at all: a date that cannot be read, or a numeric
// day/month that could be either (02/03/2025), is a problem of its row, never a guess. `date_format=dmy` or
// `mdy` settles the order of numeric dates for the whole file. A date without a zone is UTC.
import { parseTimestamp } from './fields';

export const IMPORT_DATE_FORMATS = ['auto', 'dmy', 'mdy'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

export type DateReading = { iso: string } | { problem: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const TIME = String.raw`(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(am|pm)?)?`;
const NUMERIC = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})${TIME}$`, 'i');
const MONTH_FIRST = new RegExp(String.raw`^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME}$`, 'i');
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})${TIME}$`, 'i');

function monthOf(name: string): number | null {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i === -1 || (name.length > 3 && !'january february march april may june july august september october november december'.includes(name.toLowerCase())) ? null : i + 1;
}

function build(y: number, m: number, d: number, time: (string | undefined)[]): string | null {
  const [h = '0', mi = '0', s = '0', ampm] = time;
  let hour = Number(h);
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
  }
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return parseTimestamp(`${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(hour)}:${pad(Number(mi))}:${pad(Number(s))}Z`);
}

const EXAMPLE = 'Use ISO 8601 (2025-03-02T10:00:00Z), or name the order of numeric dates with date_format=dmy or date_format=mdy.';

/** Reads one date of an import file (empty: null, nothing to read). */
export function readImportDate(value: string, format: ImportDateFormat = 'auto'): DateReading | null {
  const v = value.trim();
  if (v === '') return null;
  // ISO 8601 and the API's forms, a zone written " UTC", an offset written " +0000", a date alone.
  const iso = parseTimestamp(v.replace(/\s*(?:UTC|GMT)$/i, 'Z').replace(/\s+([+-]\d{2}:?\d{2})$/, '$1').replace(/^(\d{4}-\d{2}-\d{2})$/, '$1T00:00:00Z'));
  if (iso) return { iso };
  // Unix time: seconds (10 digits) or milliseconds (13).
  if (/^\d{10}$|^\d{13}$/.test(v)) return { iso: new Date(Number(v) * (v.length === 10 ? 1000 : 1)).toISOString() };
  let m = NUMERIC.exec(v);
  if (m) {
    const [, a = '', b = '', y = '', ...time] = m;
    if (y.length === 2) return { problem: `"${v}" has a two-digit year. ${EXAMPLE}` };
    const [first, second] = [Number(a), Number(b)];
    let order = format;
    if (order === 'auto') {
      if (first > 12 && second > 12) return { problem: `"${v}" cannot be read as a date. ${EXAMPLE}` };
      if (first > 12) order = 'dmy';
      else if (second > 12 && first <= 12) order = 'mdy';
      else if (first === second) order = 'dmy';
      else return { problem: `"${v}" could be ${dayMonth(first, second)} or ${dayMonth(second, first)}. Send date_format=dmy (day first) or date_format=mdy (month first).` };
    }
    const [d, mo] = order === 'dmy' ? [first, second] : [second, first];
    const out = build(Number(y), mo, d, time);
    return out ? { iso: out } : { problem: `"${v}" is not a date when read ${order === 'dmy' ? 'day first' : 'month first'} (date_format=${order}).` };
  }
  m = MONTH_FIRST.exec(v) ?? DAY_FIRST.exec(v);
  if (m) {
    const [, a = '', b = '', y = '', ...time] = m;
    const named = /^\d/.test(a) ? { mo: monthOf(b), d: Number(a) } : { mo: monthOf(a), d: Number(b) };
    const out = named.mo === null ? null : build(Number(y), named.mo, named.d, time);
    if (out) return { iso: out };
  }
  return { problem: `"${v}" cannot be read as a date. ${EXAMPLE}` };
}

function dayMonth(day: number, month: number): string {
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return month >= 1 && month <= 12 ? `${day} ${names[month - 1]}` : `day ${day} of month ${month}`;
}
