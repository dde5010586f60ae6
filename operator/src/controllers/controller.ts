import type { Clock } from '../core/clock.js';
import type { Logger } from '../logger.js';
import {
  reconcileDuration,
  reconcileErrors,
  reconcileTotal,
  trackQueueDepth,
  workqueueAdds,
  workqueueQueueDuration,
} from '../observability/metrics.js';
import { traced } from '../observability/tracing.js';
import type { EventRecorder } from './events.js';
import type { BackoffSettings, ReconcileResult } from './queue.js';
import { WorkQueue } from './queue.js';

/** A key to reconcile, now or after a while (e.g. to let a related write land first). */
export interface Enqueue {
  key: string;
  afterMs?: number;
}

/** A source of keys: subscribes to changes and hands the controller the keys they affect. */
export interface Watch {
  subscribe(enqueue: (item: string | Enqueue) => void): () => void;
}

export type ChangeKind = 'add' | 'update' | 'delete';

/**
 * Watches something with a subscribe(listener) method, such as a hub kind's cache, and maps each
 * change to the keys it affects (none: ignored, e.g. a status write of our own).
 */
export function watch<T>(
  source: { subscribe(listener: (type: ChangeKind, object: T) => void): () => void },
  keysOf: (type: ChangeKind, object: T) => Iterable<string | Enqueue>,
): Watch {
  return {
    subscribe: (enqueue) =>
      source.subscribe((type, object) => {
        for (const item of keysOf(type, object)) enqueue(item);
      }),
  };
}

interface MetadataOf {
  metadata: {
    uid: string;
    generation?: number;
    labels?: Record<string, string>;
    finalizers?: string[];
    deletionTimestamp?: string;
  };
}

/** What a change other than a status write alters: the spec (generation) or the metadata. */
function fingerprint({ metadata }: MetadataOf): string {
  const { generation, labels, finalizers, deletionTimestamp } = metadata;
  return JSON.stringify([generation, labels ?? {}, finalizers ?? [], deletionTimestamp ?? '']);
}

/**
 * Like watch(), but an update that changed only the status is ignored: the controller's own
 * status writes come back as updates, and must not reconcile the object (and record its Events)
 * a second time.
 */
export function watchSpec<T extends MetadataOf>(
  source: {
    subscribe(listener: (type: ChangeKind, object: T) => void): () => void;
    list(): T[];
  },
  keysOf: (type: ChangeKind, object: T) => Iterable<string | Enqueue>,
): Watch {
  return {
    subscribe(enqueue) {
      // What is cached already counts as seen: the echo of its first status write is no change.
      const seen = new Map(source.list().map((o) => [o.metadata.uid, fingerprint(o)]));
      return source.subscribe((type, object) => {
        const uid = object.metadata.uid;
        const print = fingerprint(object);
        const unchanged = type === 'update' && seen.get(uid) === print;
        if (type === 'delete') seen.delete(uid);
        else seen.set(uid, print);
        if (unchanged) return;
        for (const item of keysOf(type, object)) enqueue(item);
      });
    },
  };
}

/**
 * One reconciler on the runtime: what it watches, every key it owns (enqueued at start and on
 * each resync), and the reconcile of one key — observe, decide (a pure function), apply.
 */
export interface Controller {
  name: string;
  watches: readonly Watch[];
  keys(): Iterable<string>;
  reconcile(key: string): Promise<ReconcileResult>;
  /** Every key again after this long, in case a change was missed. */
  resyncMs?: number;
  /** Keys reconciled at the same time; slow keys (remote calls) need more. */
  concurrency?: number;
  backoff?: BackoffSettings;
}

/** What the runtime gives a controller when it is built, at the start of each leadership. */
export interface ControllerContext {
  clock: Clock;
  events: EventRecorder;
  logger: Logger;
}

export type ControllerFactory = (context: ControllerContext) => Controller;

export interface RunningController {
  readonly name: string;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

/** One reconcile, counted, timed and traced (docs/metrics.md); its outcome is unchanged. */
async function observedReconcile(controller: Controller, key: string): Promise<ReconcileResult> {
  const labels = { controller: controller.name };
  const stopTimer = reconcileDuration.startTimer(labels);
  try {
    const result = await traced(
      `reconcile ${controller.name}`,
      { 'nimbus.controller': controller.name, 'nimbus.key': key },
      () => controller.reconcile(key),
    );
    const requeued = result?.requeueAfterMs !== undefined;
    reconcileTotal.inc({ ...labels, result: requeued ? 'requeue' : 'success' });
    return result;
  } catch (error) {
    reconcileTotal.inc({ ...labels, result: 'error' });
    reconcileErrors.inc(labels);
    throw error;
  } finally {
    stopTimer();
  }
}

export function runController(
  controller: Controller,
  context: ControllerContext,
): RunningController {
  const { clock } = context;
  const log = context.logger.child({ controller: controller.name });
  const labels = { controller: controller.name };
  const queue = new WorkQueue((key) => observedReconcile(controller, key), {
    clock,
    ...(controller.concurrency ? { concurrency: controller.concurrency } : {}),
    ...controller.backoff,
    onError: (key, error, retryInMs) =>
      log.warn({ key, err: error, retryInMs }, 'reconcile failed; retrying'),
    onQueued: () => workqueueAdds.inc(labels),
    onStarted: (_key, waitedMs) => workqueueQueueDuration.observe(labels, waitedMs / 1000),
  });
  const untrackDepth = trackQueueDepth(controller.name, () => queue.depth);
  const enqueue = (item: string | Enqueue) =>
    typeof item === 'string' ? queue.add(item) : queue.add(item.key, item.afterMs ?? 0);
  const enqueueAll = () => {
    for (const key of controller.keys()) queue.add(key);
  };
  const unsubscribe = controller.watches.map((source) => source.subscribe(enqueue));
  let resync: unknown;
  const scheduleResync = () => {
    if (!controller.resyncMs) return;
    resync = clock.setTimeout(() => {
      enqueueAll();
      scheduleResync();
    }, controller.resyncMs);
  };
  enqueueAll();
  scheduleResync();
  log.info('controller started');
  return {
    name: controller.name,
    idle: () => queue.idle(),
    stop() {
      if (resync !== undefined) clock.clearTimeout(resync);
      unsubscribe.forEach((off) => off());
      queue.stop();
      untrackDepth();
    },
  };
}
