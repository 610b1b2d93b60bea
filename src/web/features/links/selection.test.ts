import { describe, expect, it } from 'vitest';
import { linkListQuerySchema } from '../../../shared/link-list.schema';
import { clickRow, emptySelection, listChange, listKey, listOf, selectionLabel, tickPage, tickedIds, withTicked, type Selection } from './selection';

const list = listOf(linkListQuerySchema.parse({ per_page: '10' }));
const rows = (from: number) => Array.from({ length: 10 }, (_, i) => ({ id: from + i, alias: `l${from + i}` }));
const page1 = rows(1);
const page2 = rows(11);
const ids = (s: Selection) => [...s.ids.keys()];

describe('a selection across the pages of one list', () => {
  it('keeps rows ticked on other pages and records the page of each', () => {
    let s = clickRow(emptySelection(list), page1, 1, 2, null, false);
    s = clickRow(s, page1, 1, 5, 2, true); // Shift: 2..5
    s = clickRow(s, page2, 2, 13, null, false);
    expect(ids(s)).toEqual([2, 3, 4, 5, 13]);
    expect(s.ids.get(13)).toEqual({ page: 2, alias: 'l13' });
    expect(selectionLabel(s, 2, 25)).toBe('5 selected on 2 pages');
    // Unticking on page 2 leaves page 1's rows: then all on one page, named when it is not this one.
    s = clickRow(s, page2, 2, 13, null, false);
    expect(ids(s)).toEqual([2, 3, 4, 5]);
    expect(selectionLabel(s, 1, 25)).toBe('4 selected');
    expect(selectionLabel(s, 2, 25)).toBe('4 selected on page 1');
  });

  it('the header checkbox ticks and unticks this page only', () => {
    let s = tickPage(emptySelection(list), page1, 1, true);
    s = tickPage(s, page2, 2, true);
    expect(s.ids.size).toBe(20);
    expect(selectionLabel(s, 2, 4812)).toBe('20 selected on 2 pages');
    s = tickPage(s, page2, 2, false);
    expect(ids(s)).toEqual(page1.map((r) => r.id));
  });

  it('all matching: every row on screen is ticked; unticking one keeps the rest of this page; the header clears it', () => {
    const all: Selection = { ...emptySelection(list), all: true };
    expect(selectionLabel(all, 3, 4812)).toBe('All 4,812 matching selected');
    expect([...tickedIds(all, page2)]).toEqual(page2.map((r) => r.id));
    const less = clickRow(all, page2, 2, 11, null, false);
    expect(less.all).toBe(false);
    expect(ids(less)).toEqual(page2.slice(1).map((r) => r.id));
    expect(selectionLabel(less, 2, 4812)).toBe('9 selected');
    expect(tickPage(all, page2, 2, true)).toBe(all);
    expect(hasNone(tickPage(all, page2, 2, false))).toBe(true);
  });

  it('withTicked drops what is no longer ticked, wherever it was ticked', () => {
    const s = withTicked(emptySelection(list), page1, 1, new Set([1, 2]));
    expect(ids(withTicked(s, page2, 2, new Set([2, 11])))).toEqual([2, 11]);
  });

  it('belongs to the list but its page, and names what changed', () => {
    const q = (v: Record<string, string>) => listOf(linkListQuerySchema.parse(v));
    expect(listKey(q({ page: '1', search: 'x' }))).toBe(listKey(q({ page: '3', search: 'x' })));
    expect(listKey(q({ search: 'x' }))).not.toBe(listKey(q({ search: 'y' })));
    expect(listChange(q({ search: 'x' }), q({ search: 'x', tag: 'a' }))).toBe('the filters changed');
    expect(listChange(q({}), q({ sort_by: 'created_at' }))).toBe('the sort changed');
    expect(listChange(q({}), q({ sort: 'asc' }))).toBe('the sort changed');
    expect(listChange(q({}), q({ per_page: '25' }))).toBe('the page size changed');
  });
});

const hasNone = (s: Selection) => !s.all && s.ids.size === 0;
