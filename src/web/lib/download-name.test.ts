import { describe, expect, it } from 'vitest';
import { downloadName } from './download-name';

describe('downloadName', () => {
  it('reads a quoted filename', () => {
    expect(downloadName('attachment; filename="linkdeck-links-2026-11-23.csv"', 'x.csv')).toBe('linkdeck-links-2026-11-23.csv');
  });
  it('reads an unquoted filename and prefers filename*', () => {
    expect(downloadName('attachment; filename=a.json', 'x')).toBe('a.json');
    expect(downloadName(`attachment; filename="plain.csv"; filename*=UTF-8''caf%C3%A9.csv`, 'x')).toBe('café.csv');
  });
  it('falls back without a header or a usable name, and drops folders', () => {
    expect(downloadName(null, 'links.csv')).toBe('links.csv');
    expect(downloadName('attachment', 'links.csv')).toBe('links.csv');
    expect(downloadName('attachment; filename="../../etc/.passwd"', 'links.csv')).toBe('passwd');
    expect(downloadName(`attachment; filename*=UTF-8''%E0%A4%A`, 'links.csv')).toBe('links.csv');
  });
});
