import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import { isConflict } from '../hub/hub-errors.js';
import type { Logger } from '../logger.js';
import { leader as leaderGauge } from '../observability/metrics.js';
import type { ControllerFactory, RunningController } from './controller.js';
import { runController } from './controller.js';
import type { EventRecorder } from './events.js';
import type { CronScheduledJob } from './cron-jobs.js';
import { runCronJob } from './cron-jobs.js';
import type { RunningJob, ScheduledJob } from './jobs.js';
import { runJob } from './jobs.js';
import type { LeaderElector } from './leader-election.js';

export const defaultRetryPeriodMs = 2_000;
export const defaultRenewDeadlineMs = 10_000;

export interface ManagerOptions {
  elector: LeaderElector;
  events: EventRecorder;
  logger: Logger;
  clock?: Clock;
  /** Between two election attempts, leader or not. */
  retryPeriodMs?: number;
  /**
   * A leader that has not renewed for this long (from when it sent its last successful renewal)
   * stops at once; shorter than the lease duration, so it has stopped before anyone may take over.
   */
  renewDeadlineMs?: number;
  /** Leadership was lost: DESIGN.md says the process exits (main.ts); tests record it. */
  onLostLeadership: () => void;
}

/**
 * The controller runtime: one manager on one Lease. Controllers and scheduled jobs are
 * registered before start(); they run only while this replica holds the Lease, and a replica
 * that loses it stops them and calls onLostLeadership (the process exits and starts afresh).
 */
export interface Manager {
  add(controller: ControllerFactory): void;
  schedule(job: ScheduledJob | CronScheduledJob): void;
  start(): void;
  isLeader(): boolean;
  /** The election attempt in progress, if any (tests step the clock, then wait on it). */
  settled(): Promise<void>;
  /** Resolves when every running controller's queue and job is idle. */
  idle(): Promise<void>;
  /** Stops campaigning and everything it runs; releases the Lease unless told not to. */
  stop(options?: { release?: boolean }): Promise<void>;
}

export function createManager(options: ManagerOptions): Manager {
  const { elector, events } = options;
  const clock = options.clock ?? realClock;
  const retryMs = options.retryPeriodMs ?? defaultRetryPeriodMs;
  const renewDeadlineMs = Math.min(
    options.renewDeadlineMs ?? defaultRenewDeadlineMs,
    elector.leaseDurationMs,
  );
  const log = options.logger.child({ lease: elector.leaseName, identity: elector.identity });
  const factories: ControllerFactory[] = [];
  const jobs: Array<ScheduledJob | CronScheduledJob> = [];
  let controllers: RunningController[] = [];
  let running: RunningJob[] = [];
  let leader = false;
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let next: unknown;
  let deadline: unknown;

  function startLeading(): void {
    leader = true;
    leaderGauge.set({ lease: elector.leaseName }, 1);
    log.info({ controllers: factories.length, jobs: jobs.length }, 'became leader');
    const context = { clock, events, logger: options.logger };
    // One controller that cannot be built must not keep the others from running.
    controllers = factories.flatMap((factory) => {
      try {
        return [runController(factory(context), context)];
      } catch (error) {
        log.error({ err: error }, 'a controller could not be started');
        return [];
      }
    });
    running = jobs.map((job) => ('cron' in job ? runCronJob(job, context) : runJob(job, context)));
  }

  function stopLeading(): void {
    leader = false;
    leaderGauge.set({ lease: elector.leaseName }, 0);
    if (deadline !== undefined) clock.clearTimeout(deadline);
    deadline = undefined;
    controllers.forEach((controller) => controller.stop());
    running.forEach((job) => job.stop());
    controllers = [];
    running = [];
  }

  function lose(): void {
    if (!leader) return;
    log.error({ renewDeadlineMs }, 'lost leadership: could not renew the Lease in time');
    stopLeading();
    stopped = true;
    if (next !== undefined) clock.clearTimeout(next);
    options.onLostLeadership();
  }

  async function attempt(): Promise<void> {
    const sentAt = clock.now();
    let holds: boolean | undefined;
    try {
      holds = await elector.tryAcquireOrRenew();
    } catch (error) {
      // Unreachable hub or a write race: only the renew deadline ends a leadership over it.
      if (!isConflict(error)) log.warn({ err: error }, 'leader election attempt failed');
    }
    if (stopped) return;
    if (holds === true) {
      if (deadline !== undefined) clock.clearTimeout(deadline);
      deadline = clock.setTimeout(lose, Math.max(0, sentAt + renewDeadlineMs - clock.now()));
      if (!leader) startLeading();
    } else if (holds === false) {
      // The Lease names another, current holder: never run beside another leader.
      lose();
    }
    if (!stopped) next = clock.setTimeout(() => (round = attempt()), retryMs);
  }

  leaderGauge.set({ lease: elector.leaseName }, 0);
  return {
    add: (factory) => void factories.push(factory),
    schedule: (job) => void jobs.push(job),
    start() {
      if (stopped) return;
      round = attempt();
    },
    isLeader: () => leader,
    settled: () => round,
    async idle() {
      await Promise.all([...controllers.map((c) => c.idle()), ...running.map((j) => j.idle())]);
    },
    async stop({ release = true } = {}) {
      stopped = true;
      if (next !== undefined) clock.clearTimeout(next);
      const wasLeader = leader;
      stopLeading();
      await round.catch(() => undefined);
      await events.stop();
      if (!wasLeader || !release) return;
      try {
        await elector.release();
      } catch (error) {
        log.debug({ err: error }, 'could not release the Lease');
      }
    },
  };
}
