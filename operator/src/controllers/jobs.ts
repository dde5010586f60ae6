import type { Clock } from '../core/clock.js';
import type { Logger } from '../logger.js';

/** Work done on a schedule by the leader only: expiry sweeps, later cost rollups. */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** What the job did, for the log (e.g. how many objects it removed). */
  run(): Promise<number | undefined>;
}

export interface RunningJob {
  /** Resolves when a run in progress has finished. */
  idle(): Promise<void>;
  stop(): void;
}

/** Runs the job every interval after the previous run ended, so runs never overlap. */
export function runJob(job: ScheduledJob, context: { clock: Clock; logger: Logger }): RunningJob {
  const { clock } = context;
  const log = context.logger.child({ job: job.name });
  let timer: unknown;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const once = async (): Promise<void> => {
    try {
      const done = await job.run();
      if (typeof done === 'number' && done > 0) log.info({ count: done }, 'scheduled job done');
    } catch (error) {
      log.warn({ err: error }, 'scheduled job failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = clock.setTimeout(() => {
      timer = undefined;
      running = once().finally(schedule);
    }, job.intervalMs);
  };
  schedule();
  return {
    idle: () => running,
    stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
    },
  };
}
