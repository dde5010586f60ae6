// Index writes in slices, one slice per turn of the event loop. node:sqlite is synchronous: a
// relist of a large kind written in one go held the loop for seconds, so the leader's Lease
// renewal (a timer and an HTTP answer) waited behind it and missed its deadline. Every writer of
// the index shares one pacer, so however many loops sync at once, timers and I/O run between any
// two slices.

export interface Pacer {
  /** Resolves on a later turn of the event loop, one waiting writer per turn, in order. */
  turn(): Promise<void>;
}

/** How a turn is scheduled: `setImmediate` runs after the loop's timers and I/O. */
export type Schedule = (run: () => void) => void;

export const nextTurn: Schedule = (run) => void setImmediate(run);

export function createPacer(schedule: Schedule = nextTurn): Pacer {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    // The released writer runs its slice in this turn's microtasks; the next waits a turn.
    waiting.shift()?.();
    if (waiting.length > 0) arm();
  };
  const arm = () => {
    scheduled = true;
    schedule(release);
  };
  return {
    turn: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (!scheduled) arm();
      }),
  };
}

/** Objects written per slice: a few milliseconds of SQLite and trimming on an idle core. */
export const objectsPerSlice = 100;

/** Rows deleted per slice when a cluster's or a relist's leftovers are removed. */
export const deletionsPerSlice = 500;

export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    out.push(items.slice(start, start + size));
  }
  return out;
}
