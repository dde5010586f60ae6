// Waits for the machine's cores to go quiet before a measured phase. Seeding writes a million
// objects straight into the members' etcd; their API servers' watch caches and controllers then
// take them in for a while after the bench has seen them listed, and a sync registered at that
// moment measured the seed's aftermath on two cores rather than the operator (docs/performance.md,
// "Registered on a quiet machine").
import { readFileSync } from 'node:fs';

interface CpuTicks {
  busy: number;
  total: number;
}

function cpuTicks(): CpuTicks {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …: idle and iowait are the quiet ones.
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  const quiet = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - quiet, total };
}

export interface Quiet {
  /** How long it waited. */
  waitedSeconds: number;
  /** The share of the machine's CPU in use over the last window, 0–1. */
  busy: number;
  /** False when the limit came first. */
  reached: boolean;
}

/**
 * Resolves once the machine's CPU, all cores together, was busy less than `below` over one
 * `windowMs`, or after `limitMs` (then `reached` is false and the caller reports it).
 */
export async function machineQuiet(
  below: number,
  windowMs = 5_000,
  limitMs = 300_000,
): Promise<Quiet> {
  const started = performance.now();
  for (;;) {
    const before = cpuTicks();
    await new Promise((done) => setTimeout(done, windowMs));
    const after = cpuTicks();
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    const waitedSeconds = (performance.now() - started) / 1000;
    if (busy < below) return { waitedSeconds, busy, reached: true };
    if (waitedSeconds * 1000 >= limitMs) return { waitedSeconds, busy, reached: false };
  }
}
