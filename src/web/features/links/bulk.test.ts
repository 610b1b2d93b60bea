import { describe, expect, it } from 'vitest';
import { bulkBody, clickSelection, filterSelection } from './bulk';

describe('clickSelection', () => {
  const order = [10, 20, 30, 40, 50, 60];
  const ids = (s: Set<number>) => [...s].sort((a, b) => a - b);

  it('a plain click toggles one row, whatever the anchor', () => {
    expect(ids(clickSelection(order, new Set([10]), 40, 10, false))).toEqual([10, 40]);
    expect(ids(clickSelection(order, new Set([10, 40]), 40, 10, false))).toEqual([10]);
  });

  it('a Shift-click ticks from the anchor to the row, downwards and upwards, keeping what was ticked', () => {
    expect(ids(clickSelection(order, new Set([20]), 50, 20, true))).toEqual([20, 30, 40, 50]);
    expect(ids(clickSelection(order, new Set([60]), 20, 50, true))).toEqual([20, 30, 40, 50, 60]);
    expect(ids(clickSelection(order, new Set([30]), 30, 30, true))).toEqual([]);
  });

  it('a Shift-click on a ticked row unticks the range', () => {
    expect(ids(clickSelection(order, new Set([10, 20, 30, 40, 50]), 20, 40, true))).toEqual([10, 50]);
  });

  it('without an anchor on the visible rows a Shift-click toggles one row; other selected ids stay', () => {
    expect(ids(clickSelection(order, new Set([99]), 30, null, true))).toEqual([30, 99]);
    expect(ids(clickSelection(order, new Set([99]), 30, 77, true))).toEqual([30, 99]);
  });

  it('does not change the selection it was given', () => {
    const before = new Set([10]);
    clickSelection(order, before, 40, 10, true);
    expect(ids(before)).toEqual([10]);
  });
});

describe('filterSelection', () => {
  const none = { search: undefined, search_by: 'title', status: 0, space_id: undefined, domain_id: undefined, pixel_id: undefined } as const;

  it('selects every link with all=1 when the list has no filter', () => {
    expect(filterSelection(none)).toEqual({ all: 1 });
  });

  it('carries every filter of the list, search_by only with a search, space 0 (no space) included', () => {
    expect(filterSelection({ ...none, search: 'sale', search_by: 'alias', status: 2, space_id: 0, domain_id: 3, pixel_id: 4 })).toEqual({
      search: 'sale',
      search_by: 'alias',
      status: 2,
      space_id: 0,
      domain_id: 3,
      pixel_id: 4,
    });
    expect(filterSelection({ ...none, search_by: 'url', status: 1 })).toEqual({ status: 1 });
  });
});

describe('bulkBody', () => {
  it('puts what to change under set, and clears the space with an empty value', () => {
    expect(bulkBody({ kind: 'disable' }, { ids: [1, 2] })).toEqual({ ids: [1, 2], set: { disabled: 1 } });
    expect(bulkBody({ kind: 'enable' }, { all: 1 })).toEqual({ all: 1, set: { disabled: 0 } });
    expect(bulkBody({ kind: 'move', spaceId: null, spaceName: 'no space' }, { status: 1 })).toEqual({ status: 1, set: { space_id: '' } });
    expect(bulkBody({ kind: 'move', spaceId: 7, spaceName: 'Ads' }, { ids: [3] })).toEqual({ ids: [3], set: { space_id: 7 } });
    expect(bulkBody({ kind: 'delete' }, { ids: [3] })).toEqual({ ids: [3] });
  });
});
