import { describe, expect, it } from 'vitest';
import { fakeClock, settle } from '../testing/fake-clock.js';
import { backoffDelay, WorkQueue } from './queue.js';

/** A reconcile the test finishes by hand, to hold a key in progress. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('WorkQueue', () => {
  it('runs a key once however often it is added while waiting', async () => {
    const seen: string[] = [];
    const queue = new WorkQueue(async (key) => (seen.push(key), undefined), { concurrency: 1 });
    queue.add('busy');
    queue.add('a');
    queue.add('b');
    queue.add('a');
    await queue.idle();
    expect(seen).toEqual(['busy', 'a', 'b']);
  });

  it('never runs one key twice at the same time; a change meanwhile runs it once more after', async () => {
    const first = gate();
    let running = 0;
    let most = 0;
    let runs = 0;
    const queue = new WorkQueue(
      async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        if (runs === 1) await first.opened;
        running--;
        return undefined;
      },
      { concurrency: 4 },
    );
    queue.add('a');
    await settle();
    queue.add('a');
    queue.add('a');
    await settle();
    expect(runs).toBe(1);
    first.open();
    await queue.idle();
    expect({ runs, most }).toEqual({ runs: 2, most: 1 });
  });

  it('retries a failing key after exactly the backoff delays on its clock, then forgets the failures', async () => {
    const clock = fakeClock();
    const delays: number[] = [];
    const attempts: number[] = [];
    const queue = new WorkQueue(
      async () => {
        attempts.push(clock.now());
        if (attempts.length < 5) throw new Error('hub down');
        return undefined;
      },
      { clock, baseDelayMs: 100, maxDelayMs: 500, onError: (_k, _e, delay) => delays.push(delay) },
    );
    queue.add('k');
    await queue.idle();
    clock.advance(99);
    await settle();
    expect(attempts).toEqual([0]);
    await clock.run(2_000);
    expect(delays).toEqual([100, 200, 400, 500]);
    expect(attempts).toEqual([0, 100, 300, 700, 1_200]);
    expect(queue.failuresOf('k')).toBe(0);
  });

  it('computes the backoff without jitter', () => {
    expect([1, 2, 3, 4, 12].map((n) => backoffDelay(n))).toEqual([
      500, 1_000, 2_000, 4_000, 60_000,
    ]);
  });

  it('keeps the earliest of several delayed adds, and a requeue-after comes back on time', async () => {
    const clock = fakeClock();
    const seen: Array<[string, number]> = [];
    const queue = new WorkQueue(
      async (key) => {
        seen.push([key, clock.now()]);
        return key === 'periodic' && seen.length < 3 ? { requeueAfterMs: 1_000 } : undefined;
      },
      { clock },
    );
    queue.add('soon', 5_000);
    queue.add('soon', 200);
    queue.add('soon', 3_000);
    queue.add('periodic');
    await clock.run(10_000);
    expect(seen).toEqual([
      ['periodic', 0],
      ['soon', 200],
      ['periodic', 1_000],
    ]);
  });

  it('starts nothing after stop, and drops the retries it had planned', async () => {
    const clock = fakeClock();
    let runs = 0;
    const queue = new WorkQueue(
      async () => {
        runs++;
        throw new Error('no');
      },
      { clock },
    );
    queue.add('k');
    await queue.idle();
    queue.stop();
    queue.add('k');
    await clock.run(120_000);
    expect(runs).toBe(1);
    expect(clock.pending()).toBe(0);
  });
});
