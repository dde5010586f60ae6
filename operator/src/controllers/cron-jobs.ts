import { schedule } from 'node-cron';
import type { Logger } from '../logger.js';
import type { RunningJob } from './jobs.js';

/** Work the leader does at fixed times of the clock (DESIGN.md: node-cron), e.g. cost samples. */
export interface CronScheduledJob {
  name: string;
  /** A node-cron expression (six fields with seconds), read in UTC. */
  cron: string;
  /** What the job did, for the log. */
  run(): Promise<number | undefined>;
}

/** Starts the job's node-cron task; a run still going when the next is due is skipped. */
export function runCronJob(job: CronScheduledJob, context: { logger: Logger }): RunningJob {
  const log = context.logger.child({ job: job.name });
  let running: Promise<void> = Promise.resolve();
  const task = schedule(
    job.cron,
    () => {
      running = job.run().then(
        (done) => {
          if (typeof done === 'number' && done > 0) log.info({ count: done }, 'scheduled job done');
        },
        (error: unknown) => log.warn({ err: error }, 'scheduled job failed'),
      );
      return running;
    },
    { name: job.name, timezone: 'UTC', noOverlap: true },
  );
  return {
    idle: () => running,
    stop() {
      void task.destroy();
    },
  };
}
