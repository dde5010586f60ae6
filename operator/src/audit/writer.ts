import type { AuditRecord } from './record.js';

export interface AuditWriterOptions {
  /** Writes one batch; throws when the batch could not be stored. */
  write(records: readonly AuditRecord[]): void;
  /** Called with how many of the oldest queued records were dropped. */
  onDrop(count: number): void;
  onWriteError(error: unknown): void;
  capacity?: number;
  batchSize?: number;
  flushIntervalMs?: number;
}

export interface AuditWriter {
  enqueue(record: AuditRecord): void;
  /** Writes everything queued now; returns false when a write failed (records stay queued). */
  flush(): boolean;
  /** Stops the timer and writes what is left. */
  close(): boolean;
  readonly pending: number;
}

/**
 * A bounded queue between requests and the store: requests never wait for the disk, and a
 * stalled disk costs the oldest records (counted) instead of the operator's memory.
 */
export function createAuditWriter(options: AuditWriterOptions): AuditWriter {
  const capacity = options.capacity ?? 10_000;
  const batchSize = options.batchSize ?? 100;
  const flushIntervalMs = options.flushIntervalMs ?? 200;
  let queue: AuditRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let closed = false;

  function trimToCapacity(): void {
    const excess = queue.length - capacity;
    if (excess <= 0) return;
    queue = queue.slice(excess);
    options.onDrop(excess);
  }

  function flush(): boolean {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      try {
        options.write(batch);
      } catch (error) {
        options.onWriteError(error);
        schedule();
        return false;
      }
      queue = queue.slice(batch.length);
    }
    return true;
  }

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(flush, flushIntervalMs);
    // A pending flush must not keep a finished process (or test worker) alive; close() flushes.
    timer.unref();
  }

  return {
    enqueue(record) {
      queue.push(record);
      trimToCapacity();
      if (closed) flush();
      else if (queue.length >= batchSize) immediate ??= setImmediate(flush);
      else schedule();
    },
    flush,
    close() {
      closed = true;
      return flush();
    },
    get pending() {
      return queue.length;
    },
  };
}
