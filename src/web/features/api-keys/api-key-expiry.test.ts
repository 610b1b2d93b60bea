import { describe, expect, it } from 'vitest';
import { endOfDayIso, localDay } from './api-key-expiry';

describe('api key expiry', () => {
  it('makes a picked day the last moment of that day here, and back', () => {
    const iso = endOfDayIso('2026-12-31');
    expect(iso).not.toBeNull();
    const d = new Date(iso!);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([2026, 11, 31, 23, 59, 59]);
    expect(localDay(iso)).toBe('2026-12-31');
  });

  it('has no expiry for no day or something else', () => {
    expect(endOfDayIso(null)).toBeNull();
    expect(endOfDayIso('')).toBeNull();
    expect(endOfDayIso('31/12/2026')).toBeNull();
    expect(localDay(null)).toBeNull();
    expect(localDay('nonsense')).toBeNull();
  });
});
