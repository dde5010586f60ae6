import type { Clock } from '../../core/clock.js';

export type { Clock } from '../../core/clock.js';
export { realClock } from '../../core/clock.js';

/**
 * An AbortSignal that fires after `ms` on `clock`, or when `parent` aborts. `release` clears the
 * timer once the guarded work is over, so a finished call leaves nothing scheduled.
 */
export function deadlineSignal(
  clock: Clock,
  ms: number,
  parent?: AbortSignal,
): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onParentAbort = (): void => controller.abort(parent?.reason);
  const timer = clock.setTimeout(() => {
    controller.abort(new DeadlineExceeded(ms));
  }, ms);
  if (parent?.aborted) controller.abort(parent.reason);
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      clock.clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}

export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'DeadlineExceeded';
  }
}
