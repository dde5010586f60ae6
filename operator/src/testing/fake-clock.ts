import type { Clock } from '../core/clock.js';

/** A clock for unit tests: time moves only when the test calls `advance` or `run`. */
export interface FakeClock extends Clock {
  /** Moves time on and fires what is due, synchronously. */
  advance(ms: number): void;
  /**
   * Moves time on timer by timer, letting the promise chains each timer starts settle before the
   * next one fires, as they would between real timers (in-memory work only; no sockets).
   */
  run(ms: number): Promise<void>;
  pending(): number;
}

/** Lets queued promise callbacks and immediates run (several turns: chains of awaits). */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Waits for what a fake clock cannot step, such as a loopback server's answer: yields to the
 * event loop until `check` holds. No time limit of its own (the test runner's applies).
 */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

export function fakeClock(start = 0): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const due = (until: number) =>
    [...timers]
      .filter(([, timer]) => timer.at <= until)
      .sort((a, b) => a[1].at - b[1].at || a[0] - b[0]);
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of due(now)) {
        if (!timers.has(id)) continue;
        timers.delete(id);
        timer.callback();
      }
    },
    async run(ms) {
      const until = now + ms;
      await settle();
      for (let next = due(until)[0]; next; next = due(until)[0]) {
        const [id, timer] = next;
        now = Math.max(now, timer.at);
        timers.delete(id);
        timer.callback();
        await settle();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}
