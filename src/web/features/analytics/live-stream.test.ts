import { expect, it } from 'vitest';
import { SseParser, windowTotal } from './live-stream';

it('parses messages split anywhere across chunks, skipping comments and retry', () => {
  const p = new SseParser();
  expect(p.push('retry: 3000\n\nevent: cli')).toEqual([]);
  expect(p.push('cks\ndata: {"clicks":2}\n\n: keep-alive\n\nevent: clicks\r\ndata: {"clicks":0}\r\n')).toEqual([{ event: 'clicks', data: '{"clicks":2}' }]);
  expect(p.push('\r\ndata: a\ndata: b\n\n')).toEqual([
    { event: 'clicks', data: '{"clicks":0}' },
    { event: 'message', data: 'a\nb' },
  ]);
});

it('sums the last seconds', () => {
  expect(windowTotal([1, 2, 3, 4], 2)).toBe(7);
  expect(windowTotal([1, 2], 60)).toBe(3);
});
