import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How far below the main thread the index's write worker runs (nice values, Linux). */
export const writeWorkerNiceness = 10;

/**
 * Lowers the calling thread's scheduling priority by `by` nice steps, on Linux, where each
 * thread has a nice value of its own (`/proc/thread-self` names its id). On a busy machine the
 * write worker then yields the core to the main thread, whose event loop answers HTTP and keeps
 * the leader's Lease, instead of both waiting in turn (docs/decisions/index-write-worker.md).
 * Raising a nice value needs no privilege; anywhere it is not possible the thread stays as it
 * was, and the answer says so.
 */
export function lowerThreadPriority(by: number): { tid: number; nice: number } | undefined {
  let tid: number;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(tid) || tid <= 0) return undefined;
  try {
    const nice = Math.min(19, getPriority(tid) + by);
    setPriority(tid, nice);
    return { tid, nice: getPriority(tid) };
  } catch {
    return undefined;
  }
}
