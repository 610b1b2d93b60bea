import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, retryDelayMs, RETRY_WINDOW_MS, webhookCreateSchema, webhookUpdateSchema } from './webhook.schema';

describe('webhook schema', () => {
  it('reads events from a form array, a JSON array or one value, without duplicates', () => {
    const base = { url: 'https://h.example/in' };
    expect(webhookCreateSchema.parse({ ...base, events: ['link.created', 'link.created', 'link.clicked'] }).events).toEqual(['link.created', 'link.clicked']);
    expect(webhookCreateSchema.parse({ ...base, events: { 0: 'link.deleted' } }).events).toEqual(['link.deleted']);
    expect(webhookCreateSchema.parse({ ...base, events: 'link.expired' }).events).toEqual(['link.expired']);
    expect(webhookCreateSchema.safeParse({ ...base, events: '' }).success).toBe(false);
  });

  it('refuses a space and a link filter together, on link_id; an empty secret means "generate one"', () => {
    const r = webhookCreateSchema.safeParse({ url: 'https://h.example', events: ['link.created'], space_id: '2', link_id: '3' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['link_id']);
    expect(webhookCreateSchema.parse({ url: 'https://h.example', events: ['link.created'], secret: '' }).secret).toBeUndefined();
    expect(webhookUpdateSchema.parse({ space_id: '' })).toEqual({ space_id: null });
  });

  it('parses the signature header strictly', () => {
    const hex = 'a'.repeat(64);
    expect(parseSignatureHeader(`t=1700000000,sha256=${hex}`)).toEqual({ t: 1700000000, sha256: hex });
    expect(parseSignatureHeader(`sha256=${hex}`)).toBeNull();
    expect(parseSignatureHeader(`t=1,sha256=${hex.slice(1)}`)).toBeNull();
  });

  it('backs off exponentially up to an hour, so about 30 attempts fit in 24 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
    let total = 0;
    let n = 0;
    while (total + retryDelayMs(n + 1) <= RETRY_WINDOW_MS) total += retryDelayMs(++n);
    expect(n).toBeGreaterThan(25);
    expect(n).toBeLessThan(35);
  });
});
