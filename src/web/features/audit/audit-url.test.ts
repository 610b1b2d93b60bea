import { afterEach, describe, expect, it } from 'vitest';
import { auditLogQuerySchema } from '../../../shared/audit.schema';
import { auditFilterCount, auditUrlForm, datesPatch, localDayEnd, localDayOf, localDayStart, throughPatch, withoutFilters } from './audit-url';

const parse = (q: Record<string, unknown>) => auditLogQuerySchema.parse(q);
const zone = process.env.TZ;

describe('audit log URL', () => {
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('writes a whole UTC day as the day, which the API reads back as the same bounds', () => {
    const parsed = parse({ from: '2026-11-01', to: '2026-11-22', action: 'updateLink' });
    expect(parsed.from).toBe('2026-11-01T00:00:00.000Z');
    expect(parsed.to).toBe('2026-11-22T23:59:59.999Z');
    const url = auditUrlForm(parsed);
    expect(url).toMatchObject({ from: '2026-11-01', to: '2026-11-22', action: 'updateLink' });
    expect(parse(url)).toEqual(parsed);
  });

  it('keeps a moment that is not a UTC day edge as the moment', () => {
    const parsed = parse({ from: '2026-11-01T09:30:00Z', to: '2026-11-22T00:00:00Z' });
    const url = auditUrlForm(parsed);
    expect(url.from).toBe('2026-11-01T09:30:00.000Z');
    // The start of a day is not the end of one: `to` stays the moment.
    expect(url.to).toBe('2026-11-22T00:00:00.000Z');
    expect(parse(url)).toEqual(parsed);
  });

  it('takes the picked days in the browser’s time zone, and shows them back as the same days', () => {
    process.env.TZ = 'America/New_York';
    expect(localDayStart('2026-11-22')).toBe('2026-11-22T05:00:00.000Z');
    expect(localDayEnd('2026-11-22')).toBe('2026-11-23T04:59:59.999Z');
    expect(localDayOf('2026-11-23T04:59:59.999Z')).toBe('2026-11-22');
    expect(localDayOf(localDayStart('2026-03-08'))).toBe('2026-03-08');
    // The day clocks go forward is 23 hours long.
    expect(Date.parse(localDayEnd('2026-03-08')) - Date.parse(localDayStart('2026-03-08'))).toBe(23 * 3_600_000 - 1);
    process.env.TZ = 'UTC';
    expect(auditUrlForm(parse(datesPatch(['2026-11-01', '2026-11-22'])!))).toMatchObject({ from: '2026-11-01', to: '2026-11-22' });
  });

  it('applies a range only once both ends are picked, and clears both', () => {
    process.env.TZ = 'UTC';
    expect(datesPatch(['2026-11-01', null])).toBeNull();
    expect(datesPatch([null, null])).toEqual({ from: undefined, to: undefined });
    expect(datesPatch(['2026-11-01', '2026-11-01'])).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-01T23:59:59.999Z' });
  });

  it('counts the filters on, the two days as one', () => {
    expect(auditFilterCount(parse({}))).toBe(0);
    expect(auditFilterCount(parse({ per_page: 50, page: 2, sort: 'asc' }))).toBe(0);
    expect(auditFilterCount(parse({ via: 'api', key_id: 3, from: '2026-11-01', to: '2026-11-02' }))).toBe(3);
    expect(auditFilterCount(parse({ to: '2026-11-02' }))).toBe(1);
    expect(auditFilterCount(parse({ actor_user_id: 2, action: 'createLink', object: 'link', object_id: 9 }))).toBe(4);
  });

  it('drops the key filter unless the change is through a key', () => {
    expect(throughPatch('dashboard')).toEqual({ via: 'dashboard', key_id: undefined });
    expect(throughPatch(null)).toEqual({ via: undefined, key_id: undefined });
    expect(throughPatch('api')).toEqual({ via: 'api' });
  });

  it('clears every filter', () => {
    const cleared = withoutFilters();
    expect(Object.keys(cleared).sort()).toEqual(['action', 'actor_user_id', 'from', 'key_id', 'object', 'object_id', 'to', 'via']);
    expect(Object.values(cleared).every((v) => v === undefined)).toBe(true);
  });
});
