// Sequential HTTP latency sampling (keep-alive) and a markdown table of the results.

export interface Sample {
  name: string;
  requests: number;
  median: number;
  p95: number;
  /** The very first request of the case (nothing cached yet for this query). */
  first: number;
  total?: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)] as number;
}

/** Times `requests` GETs one after the other (after a few warm-up requests); fails on a non-200. */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  requests = 200,
  warmup = 5,
  /** Runs before every request, outside the timing. */
  before?: () => Promise<void>,
): Promise<Sample> {
  let total: number | undefined;
  let first = NaN;
  const times: number[] = [];
  for (let i = 0; i < warmup + requests; i++) {
    await before?.();
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { meta?: { total: number } };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body)}`);
    total = body.meta?.total;
    if (i === 0) first = ms;
    if (i >= warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { name, requests, median: percentile(times, 50), p95: percentile(times, 95), first, total };
}

export function markdownTable(title: string, samples: Sample[], goalMs?: number): string {
  const lines = [
    `### ${title}`,
    '',
    '| case | requests | total rows | first request ms | median ms | p95 ms |' + (goalMs ? ` p95 < ${goalMs} ms |` : ''),
    '|---|---:|---:|---:|---:|---:|' + (goalMs ? '---|' : ''),
  ];
  for (const s of samples) {
    const goal = goalMs ? ` ${s.p95 < goalMs ? 'yes' : 'NO'} |` : '';
    lines.push(`| ${s.name} | ${s.requests} | ${s.total ?? ''} | ${s.first.toFixed(1)} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} |${goal}`);
  }
  return lines.join('\n');
}
