// Repeated timings reduced to p50/p95/p99, for the in-process index queries and the kubectl baseline.
export interface Timing {
  label: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: readonly number[], p: number): number {
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, at)] ?? Number.NaN;
}

export function summarize(label: string, samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    label,
    runs: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** Runs `work` once to warm up, then `runs` times; milliseconds per run. */
export async function time(
  label: string,
  runs: number,
  work: () => unknown | Promise<unknown>,
): Promise<Timing> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return summarize(label, samples);
}

/** Milliseconds of up to `runs` calls of `work`, stopping early once `withinMs` have passed. */
export async function sampleWithin(
  runs: number,
  withinMs: number,
  work: () => unknown | Promise<unknown>,
): Promise<number[]> {
  const samples: number[] = [];
  const window = performance.now();
  while (samples.length < runs && performance.now() - window < withinMs) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Like `time`, but stops early once `withinMs` have passed (a window that must stay short). */
export async function timeWithin(
  label: string,
  runs: number,
  withinMs: number,
  work: () => unknown | Promise<unknown>,
): Promise<Timing> {
  return summarize(label, await sampleWithin(runs, withinMs, work));
}
