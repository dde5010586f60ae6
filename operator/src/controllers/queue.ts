import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';

/** What a reconcile asks of the queue: nothing, or to look again after a while. */
export type ReconcileResult = { requeueAfterMs?: number } | undefined;

export interface BackoffSettings {
  /** Delay after the first failure; it doubles with each further failure of the key. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface WorkQueueOptions extends BackoffSettings {
  /** Keys processed at the same time (never the same key twice). */
  concurrency?: number;
  clock?: Clock;
  onError?: (key: string, error: unknown, retryInMs: number) => void;
  /** A key joined the queue; its reconcile starts after waitedMs in it (metrics). */
  onQueued?: (key: string) => void;
  onStarted?: (key: string, waitedMs: number) => void;
}

export const defaultBaseDelayMs = 500;
export const defaultMaxDelayMs = 60_000;

/** base·2^(failures−1), capped: deterministic (no jitter), so a fake clock can predict it. */
export function backoffDelay(failures: number, settings: BackoffSettings = {}): number {
  const base = settings.baseDelayMs ?? defaultBaseDelayMs;
  const max = settings.maxDelayMs ?? defaultMaxDelayMs;
  return Math.min(base * 2 ** Math.max(0, failures - 1), max);
}

/**
 * A per-key work queue in the style of client-go's: a key waits at most once, a key being
 * processed is never processed twice at the same time (a change meanwhile runs it again
 * afterwards), and failures retry with exponential backoff per key. A key asked for later keeps
 * the earliest of the times it was asked for.
 */
export class WorkQueue {
  private readonly pending = new Set<string>();
  private readonly active = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Map<string, { at: number; handle: unknown }>();
  private readonly order: string[] = [];
  private readonly queuedAt = new Map<string, number>();
  private readonly clock: Clock;
  private readonly concurrency: number;
  private running = 0;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly worker: (key: string) => Promise<ReconcileResult>,
    private readonly options: WorkQueueOptions = {},
  ) {
    this.clock = options.clock ?? realClock;
    this.concurrency = options.concurrency ?? 2;
  }

  add(key: string, delayMs = 0): void {
    if (this.stopped) return;
    if (delayMs > 0) return this.addLater(key, delayMs);
    if (this.active.has(key)) {
      this.dirty.add(key);
      return;
    }
    if (this.pending.has(key)) return;
    this.pending.add(key);
    this.order.push(key);
    this.queuedAt.set(key, this.clock.now());
    this.options.onQueued?.(key);
    this.pump();
  }

  /** Keys waiting for their turn (not the ones being processed nor waiting on a timer). */
  get depth(): number {
    return this.order.length;
  }

  /** How many failures in a row the key has had (0 after a success). */
  failuresOf(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Resolves when nothing is queued or running (timers for later retries may remain). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what waits; a reconcile already running finishes, and nothing starts after it. */
  stop(): void {
    this.stopped = true;
    for (const { handle } of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    this.order.length = 0;
    this.queuedAt.clear();
    this.pending.clear();
    this.dirty.clear();
  }

  private addLater(key: string, delayMs: number): void {
    const at = this.clock.now() + delayMs;
    const waiting = this.timers.get(key);
    if (waiting && waiting.at <= at) return;
    if (waiting) this.clock.clearTimeout(waiting.handle);
    const handle = this.clock.setTimeout(() => {
      this.timers.delete(key);
      this.add(key);
    }, delayMs);
    this.timers.set(key, { at, handle });
  }

  private isIdle(): boolean {
    return this.order.length === 0 && this.running === 0;
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency && this.order.length > 0) {
      const key = this.order.shift() as string;
      this.pending.delete(key);
      const waitedMs = this.clock.now() - (this.queuedAt.get(key) ?? this.clock.now());
      this.queuedAt.delete(key);
      this.options.onStarted?.(key, waitedMs);
      this.active.add(key);
      this.running++;
      void this.process(key).finally(() => {
        this.active.delete(key);
        this.running--;
        if (this.dirty.delete(key)) this.add(key);
        this.pump();
        if (this.isIdle()) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
    }
  }

  private async process(key: string): Promise<void> {
    try {
      const result = await this.worker(key);
      this.failures.delete(key);
      if (result?.requeueAfterMs !== undefined) this.add(key, result.requeueAfterMs);
    } catch (error) {
      const attempts = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, attempts);
      const delay = backoffDelay(attempts, this.options);
      this.options.onError?.(key, error, delay);
      this.add(key, delay);
    }
  }
}
