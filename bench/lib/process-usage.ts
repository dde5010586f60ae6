// CPU time and resident memory of another process (the operator), from /proc, sampled while a
// bench phase runs.
import { readFileSync } from 'node:fs';

const ticksPerSecond = 100;

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th of those.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

export interface Usage {
  cpuSeconds: number;
  wallSeconds: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
}

/** Starts sampling; the returned function stops and reports. */
export function sampleUsage(pid: number, everyMs = 250): () => Usage {
  const cpuBefore = cpuSeconds(pid);
  const rssBefore = rssMiB(pid);
  const started = performance.now();
  let peak = rssBefore;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMiB(pid));
    } catch {
      // The process is gone; whoever waits on it reports that.
      clearInterval(timer);
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    const after = rssMiB(pid);
    return {
      cpuSeconds: cpuSeconds(pid) - cpuBefore,
      wallSeconds: (performance.now() - started) / 1000,
      rssBeforeMiB: rssBefore,
      rssPeakMiB: Math.max(peak, after),
      rssAfterMiB: after,
    };
  };
}
