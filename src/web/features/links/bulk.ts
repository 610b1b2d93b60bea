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
