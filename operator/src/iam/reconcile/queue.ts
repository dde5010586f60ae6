/** What a reconcile asks of the queue: nothing, or to look again after a while. */
export type ReconcileResult = { requeueAfterMs?: number } | undefined;

export interface WorkQueueOptions {
  baseDelayMs?: number;
  maxDelayMs?: number;
  onError?: (key: string, error: unknown, retryInMs: number) => void;
}

/**
 * A per-key work queue in the style of client-go's: a key waits at most once, a key being
 * processed is never processed twice at the same time (a change meanwhile runs it again
 * afterwards), and failures retry with exponential backoff per key.
 */
export class WorkQueue {
  private readonly pending = new Set<string>();
  private readonly active = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly order: string[] = [];
  private running = 0;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly worker: (key: string) => Promise<ReconcileResult>,
    private readonly options: WorkQueueOptions = {},
    private readonly concurrency = 2,
  ) {}

  add(key: string, delayMs = 0): void {
    if (this.stopped) return;
    if (delayMs > 0) {
      if (this.timers.has(key)) return;
      const timer = setTimeout(() => {
        this.timers.delete(key);
        this.add(key);
      }, delayMs);
      timer.unref();
      this.timers.set(key, timer);
      return;
    }
    if (this.active.has(key)) {
      this.dirty.add(key);
      return;
    }
    if (this.pending.has(key)) return;
    this.pending.add(key);
    this.order.push(key);
    this.pump();
  }

  /** Resolves when nothing is queued or running (timers for later retries may remain). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.order.length = 0;
    this.pending.clear();
  }

  private isIdle(): boolean {
    return this.order.length === 0 && this.running === 0;
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency && this.order.length > 0) {
      const key = this.order.shift() as string;
      this.pending.delete(key);
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
      const base = this.options.baseDelayMs ?? 500;
      const delay = Math.min(base * 2 ** (attempts - 1), this.options.maxDelayMs ?? 60_000);
      this.options.onError?.(key, error, delay);
      this.add(key, delay);
    }
  }
}
