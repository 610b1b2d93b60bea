import { expect, it } from 'vitest';
import { rowText, rowsOf } from './dimension-rows';
import { linkText } from './analytics-url';

it('puts the direct visits among the referrers by their count and Others last: every click in one row', () => {
  const rows = rowsOf('referrer', { groups: [{ value: 'news.example', clicks: 5 }, { value: 'mail.example', clicks: 1 }], others: { clicks: 2 }, without_value: { clicks: 3 } });
  expect(rows.map((r) => [r.kind, rowText(r), r.count])).toEqual([
    ['value', 'news.example', 5],
    ['none', 'Direct', 3],
    ['value', 'mail.example', 1],
    ['others', 'Others', 2],
  ]);
  expect(rows.reduce((n, r) => n + r.count, 0)).toBe(11);
});

it('leaves out empty extra rows, and words the missing value of each dimension', () => {
  expect(rowsOf('country', { groups: [{ value: 'DE', clicks: 1 }], others: { clicks: 0 }, without_value: { clicks: 0 } }).map((r) => r.kind)).toEqual(['value']);
  expect(rowsOf('country', { groups: [], without_value: { clicks: 2 } }).map(rowText)).toEqual(['Unknown']);
  expect(rowsOf('utm_source', { groups: [], without_value: { clicks: 2 } }).map(rowText)).toEqual(['None']);
  expect(rowsOf('target', { groups: [], without_value: { clicks: 2 } }).map(rowText)).toEqual(['No rules']);
});

it('names links by short URL (without the scheme) and title, a deleted one by its label', () => {
  const rows = rowsOf('link', {
    groups: [
      { value: '7', label: 'Spring sale', short_url: 'https://go.example.com/spring', title: 'Spring sale', clicks: 3 },
      { value: '8', label: 'b', short_url: 'http://short.test/b', title: null, clicks: 2 },
      { value: '9', label: 'Deleted link', clicks: 1 },
    ],
  });
  expect(rows.map((r) => [r.label, r.title])).toEqual([
    ['go.example.com/spring', 'Spring sale'],
    ['short.test/b', ''],
    ['Deleted link', ''],
  ]);
  expect(linkText('7', { short_url: 'https://go.example.com/spring', title: 'Spring sale' })).toBe('go.example.com/spring · Spring sale');
  expect(linkText('7')).toBe('Link #7');
});
