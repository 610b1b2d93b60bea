import { describe, expect, it } from 'vitest';
import { detectSource, headerRow, normalizeHeader } from './import-formats';

describe('import format detection', () => {
  it('tells the formats apart by their header, most specific first', () => {
    expect(detectSource(['Created', 'Title', 'Bitlink', 'Custom Bitlinks', 'Long URL', 'Tags'], 'auto')).toBe('bitly');
    expect(detectSource(['createdAt', 'domain', 'shortCode', 'shortUrl', 'longUrl', 'title'], 'auto')).toBe('shlink');
    expect(detectSource(['keyword', 'url', 'title', 'timestamp'], 'auto')).toBe('yourls');
    expect(detectSource(['id', 'address', 'target', 'description'], 'auto')).toBe('kutt');
    expect(detectSource(['id', 'alias', 'url', 'short_url'], 'auto')).toBe('linkdeck');
    expect(detectSource(['name', 'destination'], 'auto')).toBeUndefined();
  });

  it('takes a named source only when its required columns are there', () => {
    expect(detectSource(['keyword', 'url'], 'linkdeck')).toBe('linkdeck');
    expect(detectSource(['url', 'alias'], 'yourls')).toBeUndefined();
    expect(detectSource(['Long URL'], 'bitly')).toBe('bitly');
    expect(normalizeHeader(' Long-URL ')).toBe('longurl');
  });

  it("reads a file's header row and delimiter, or null for none or a broken one", () => {
    expect(headerRow('\uFEFFlongUrl;shortCode;title\nhttps://e.com;a;b\n')).toEqual({ layout: ';', headers: ['longUrl', 'shortCode', 'title'] });
    expect(headerRow('"Long URL",Bitlink\r\nx,y')).toEqual({ layout: ',', headers: ['Long URL', 'Bitlink'] });
    expect(headerRow('')).toBeNull();
    expect(headerRow('"url,alias\n')).toBeNull();
  });
});
