// The links page's selection (selection.ts) as React state: kept across the pages of one list; another filter,
// sort or page size starts with none selected, and `cleared` says what was unselected and why until the user
// dismisses it or selects again. An all-matching selection ticks every row on every page.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Link, LinkListQuery } from '../../../shared/link.schema';
import { clickRow, emptySelection, hasSelection, listChange, listKey, listOf, selectionLabel, tickPage, tickedIds, type Selection } from './selection';

/** A selection the list's change cleared: "The filters changed, so the 12 selected links were unselected." */
export interface Cleared {
  message: string;
}

interface State {
  key: string;
  selection: Selection;
  cleared: Cleared | null;
}

export function useLinkSelection(query: LinkListQuery, links: readonly Link[], total: number) {
  const list = listOf(query);
  const key = listKey(list);
  const page = query.page;
  const [state, setState] = useState<State>(() => ({ key, selection: emptySelection(list), cleared: null }));
  // Another list: a new selection, during render ("adjusting state when a prop changes"), saying what went.
  if (state.key !== key) {
    const old = state.selection;
    const what = old.all ? 'all matching links were' : old.ids.size === 1 ? 'the selected link was' : `the ${old.ids.size.toLocaleString('en')} selected links were`;
    const reason = listChange(old.list, list);
    const message = `${reason[0]?.toUpperCase()}${reason.slice(1)}, so ${what} unselected.`;
    setState({ key, selection: emptySelection(list), cleared: hasSelection(old) ? { message } : null });
  }
  const selection = state.key === key ? state.selection : emptySelection(list);
  const cleared = state.key === key ? state.cleared : null;

  /** A change of this list's selection (a stale list's is dropped). */
  const change = useCallback(
    (next: (s: Selection) => Selection) => setState((s) => (s.key === key ? { ...s, selection: next(s.selection), cleared: null } : s)),
    [key],
  );
  // A row's checkbox; with Shift, the rows from the last clicked one on this page to this one.
  const anchor = useRef<{ key: string; page: number; id: number } | null>(null);
  const toggle = useCallback(
    (id: number, range: boolean) => {
      const a = anchor.current;
      const from = a?.key === key && a.page === page ? a.id : null;
      anchor.current = { key, page, id };
      change((s) => clickRow(s, links, page, id, from, range));
    },
    [change, links, key, page],
  );
  const ticked = useMemo(() => tickedIds(selection, links), [selection, links]);
  const ids = useMemo(() => (selection.all ? [] : [...selection.ids.keys()]), [selection]);
  const aliases = useMemo(() => new Map([...selection.ids].map(([id, p]) => [id, p.alias])), [selection]);

  return {
    selection,
    /** Rows ticked on screen. */
    ticked,
    /** The ticked ids across pages (none when all matching are selected). */
    ids,
    aliases,
    label: selectionLabel(selection, page, total),
    cleared,
    toggle,
    toggleAll: (checked: boolean) => change((s) => tickPage(s, links, page, checked)),
    selectAllMatching: () => change((s) => ({ ...s, ids: new Map(), all: true })),
    clear: () => change((s) => emptySelection(s.list)),
    /** A link deleted meanwhile leaves the selection. */
    drop: (id: number) => change((s) => (s.ids.has(id) ? { ...s, ids: new Map([...s.ids].filter(([k]) => k !== id)) } : s)),
    dismissCleared: () => setState((s) => ({ ...s, cleared: null })),
  };
}
