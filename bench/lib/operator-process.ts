// The operator started by hack/operator.sh under .cache/operator/<name>: its pid (for /proc), the
// index file in its data directory, and its index series and event-loop delay from /metrics.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface OperatorProcess {
  pid: number;
  /** SQLite index file plus its WAL, MiB. */
  indexFileMiB(): number;
  /** nimbus_index_objects by `cluster/kind`. */
  indexedObjects(): Promise<Map<string, number>>;
  /** Longest event-loop delay since the previous scrape (prom-client resets it per scrape), s. */
  lastLoopLagMax(): number;
  /** Its major garbage collections so far (prom-client's `nodejs_gc_duration_seconds`). */
  majorCollections(): Promise<MajorCollections>;
  /** Throws with the end of its log when the process is gone (e.g. it lost its Lease). */
  assertAlive(): void;
}

export interface MajorCollections {
  count: number;
  seconds: number;
  /** Those that took longer than 100 ms. */
  over100ms: number;
}

/** A series' value for `kind="major"` (and `le` when given) from a /metrics text. */
function majorValue(text: string, series: string, le?: string): number {
  const pattern = new RegExp(`^nodejs_gc_duration_seconds_${series}\\{([^}]*)\\} (\\S+)$`, 'gm');
  for (const [, labels = '', value] of text.matchAll(pattern)) {
    if (!labels.includes('kind="major"')) continue;
    if (le !== undefined && !labels.includes(`le="${le}"`)) continue;
    return Number(value);
  }
  return 0;
}

export function operatorProcess(root: string, name: string): OperatorProcess {
  const dir = join(root, '.cache/operator', name);
  const pid = Number(readFileSync(join(dir, 'pid'), 'utf8').trim());
  const metricsUrl = readFileSync(join(dir, 'metrics-url'), 'utf8').trim();
  const indexFile = join(dir, 'data', 'index.sqlite');
  const mib = (path: string) => (existsSync(path) ? statSync(path).size / 2 ** 20 : 0);
  let loopLagMax = 0;
  const metricsText = async () => (await fetch(new URL('/metrics', metricsUrl))).text();
  return {
    pid,
    lastLoopLagMax: () => loopLagMax,
    assertAlive() {
      try {
        process.kill(pid, 0);
      } catch {
        const log = readFileSync(join(dir, 'operator.log'), 'utf8').trimEnd().split('\n');
        throw new Error(`the operator (pid ${pid}) exited:\n${log.slice(-3).join('\n')}`);
      }
    },
    async majorCollections() {
      const text = await metricsText();
      const count = majorValue(text, 'count');
      return {
        count,
        seconds: majorValue(text, 'sum'),
        over100ms: count - majorValue(text, 'bucket', '0.1'),
      };
    },
    indexFileMiB: () => mib(indexFile) + mib(`${indexFile}-wal`),
    async indexedObjects() {
      const text = await metricsText();
      loopLagMax = Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? 0);
      const counts = new Map<string, number>();
      const series = /^nimbus_index_objects\{([^}]*)\} (\S+)$/gm;
      for (const [, labels = '', value] of text.matchAll(series)) {
        const cluster = /cluster="([^"]*)"/.exec(labels)?.[1];
        const kind = /kind="([^"]*)"/.exec(labels)?.[1];
        if (cluster && kind) counts.set(`${cluster}/${kind}`, Number(value));
      }
      return counts;
    },
  };
}
