// Runs one action over many ids with limited concurrency, reporting progress and collecting failures.
export interface BulkFailure {
  id: number;
  message: string;
}

export interface BulkResult {
  done: number[];
  failed: BulkFailure[];
}

export async function runBulk(
  ids: readonly number[],
  action: (id: number) => Promise<unknown>,
  onProgress: (finished: number, total: number) => void = () => undefined,
  concurrency = 4,
): Promise<BulkResult> {
  const done: number[] = [];
  const failed: BulkFailure[] = [];
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as number;
      try {
        await action(id);
        done.push(id);
      } catch (err) {
        failed.push({ id, message: err instanceof Error ? err.message : String(err) });
      }
      finished += 1;
      onProgress(finished, ids.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker));
  // Keep the caller's order in the report.
  const order = new Map(ids.map((id, i) => [id, i]));
  done.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  failed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { done, failed };
}

/**
 * The selection after a click on row `id`'s checkbox. A plain click toggles that row. A Shift-click
 * (`range`) with an anchor (the last clicked row) among the visible rows gives every row from the anchor to
 * this one, both included and in either direction, the state the clicked row takes: ticked if it was not,
 * unticked if it was. Without a visible anchor a Shift-click is a plain click. `order`: the visible rows' ids
 * in their order on screen; rows elsewhere in the selection are left as they are.
 */
export function clickSelection(order: readonly number[], selected: ReadonlySet<number>, id: number, anchor: number | null, range: boolean): Set<number> {
  const next = new Set(selected);
  const ticking = !selected.has(id);
  const from = range && anchor !== null ? order.indexOf(anchor) : -1;
  const to = order.indexOf(id);
  const span = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const rowId of span) {
    if (ticking) next.add(rowId);
    else next.delete(rowId);
  }
  return next;
}
