import type { Clock } from '../core/clock.js';

export interface RelistLoop {
  stop(): void;
}

/**
 * Runs `relist` every `intervalMs` on `clock`, one at a time: the next interval starts when the
 * previous relist has settled, so a slow hub never has two lists of one kind in flight.
 */
export function startRelistLoop(
  clock: Clock,
  intervalMs: number,
  relist: () => Promise<void>,
): RelistLoop {
  let stopped = false;
  let timer: unknown;
  const schedule = (): void => {
    timer = clock.setTimeout(() => {
      timer = undefined;
      void relist()
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
