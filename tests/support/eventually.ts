// The one polling helper of the test tiers: the state under test is reached by other processes
// (the operator's controllers, watches, the member API servers), so tests wait for it, bounded.

export interface EventuallyOptions {
  /** Give up after this long; the last value is returned (or the last error thrown). */
  timeoutMs?: number;
  /** Pause between probes. */
  intervalMs?: number;
}

const defaults = { timeoutMs: 40_000, intervalMs: 250 };

function optionsOf(options: number | EventuallyOptions): Required<EventuallyOptions> {
  return typeof options === 'number'
    ? { ...defaults, timeoutMs: options }
    : { ...defaults, ...options };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Probes until `accept` holds for the value or the time is up, and returns the last value, so
 * the caller's own assertion on it explains a time-out. A number is the timeout in ms.
 */
export async function eventually<T>(
  probe: () => Promise<T> | T,
  accept: (value: T) => boolean,
  options: number | EventuallyOptions = {},
): Promise<T> {
  const { timeoutMs, intervalMs } = optionsOf(options);
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await pause(intervalMs);
    value = await probe();
  }
  // A wait that runs out silently costs its whole timeout in every run (docs/testing.md): say so,
  // with the caller's place, whether or not the caller's assertion fails on the value.
  if (!accept(value)) {
    const caller = new Error().stack
      ?.split('\n')
      .slice(1)
      .find((line) => !line.includes('/eventually.'));
    console.warn(`[eventually] gave up after ${timeoutMs} ms${caller ? ` ${caller.trim()}` : ''}`);
  }
  return value;
}

/** The assertion form: retries `check` until it stops throwing; then rethrows its last error. */
export async function eventuallyPasses(
  check: () => Promise<void> | void,
  options: number | EventuallyOptions = {},
): Promise<void> {
  const outcome = await eventually(
    async () => {
      try {
        await check();
        return { passed: true as const };
      } catch (error) {
        return { passed: false as const, error };
      }
    },
    (result) => result.passed,
    options,
  );
  if (!outcome.passed) throw outcome.error;
}

/** For what a page shows after a click: short, and probed often. */
export const onScreen: EventuallyOptions = { timeoutMs: 5_000, intervalMs: 100 };
