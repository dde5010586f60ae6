import { anonymous } from './record.js';
import type { AuditRecord } from './record.js';

export interface AuditWriterOptions {
  /** Writes one batch; rejects when the batch could not be stored. */
  write(records: readonly AuditRecord[]): Promise<void>;
  /** Called with how many of the oldest queued records were dropped. */
  onDrop(count: number): void;
  onWriteError(error: unknown): void;
  /** Records of signed-in callers kept while the store cannot take them. */
  capacity?: number;
  /** Records of anonymous callers kept besides them. */
  anonymousCapacity?: number;
  batchSize?: number;
  flushIntervalMs?: number;
}

export interface AuditWriter {
  enqueue(record: AuditRecord): void;
  /**
   * Writes everything queued now, one batch at a time; false when a write failed (its records
   * go back to the front of the queue). A flush asked for while one runs follows it.
   */
  flush(): Promise<boolean>;
  /** Stops the timer and writes what is left. */
  close(): Promise<boolean>;
  readonly pending: number;
}

/**
 * A bounded queue between requests and the store: requests never wait for the disk, and a
 * stalled disk costs the oldest records (counted) instead of the operator's memory. Records of
 * anonymous callers (refused tokens, sign-in attempts, scanners) have a budget of their own
 * (`anonymousCapacity`, a tenth of `capacity` by default): anyone can send those at will, so a
 * flood of them drops only their own oldest, never a signed-in caller's record.
 */
export function createAuditWriter(options: AuditWriterOptions): AuditWriter {
  const capacity = options.capacity ?? 10_000;
  const anonymousCapacity = options.anonymousCapacity ?? Math.max(1, Math.floor(capacity / 10));
  const batchSize = options.batchSize ?? 100;
  const flushIntervalMs = options.flushIntervalMs ?? 200;
  let signedIn: AuditRecord[] = [];
  let strangers: AuditRecord[] = [];
  /** Records taken out of the queues for the write in flight. */
  let writing = 0;
  let running: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let closed = false;
  const queued = (): number => signedIn.length + strangers.length;

  function trimmed(queue: AuditRecord[], limit: number): AuditRecord[] {
    const excess = queue.length - limit;
    if (excess <= 0) return queue;
    options.onDrop(excess);
    return queue.slice(excess);
  }

  /**
   * A batch leaves the queues while it is written, so records dropped meanwhile (the queue
   * full) are never the ones in flight; a failed batch goes back in front, where the oldest go
   * first if the queue overflows.
   */
  async function drain(): Promise<boolean> {
    while (queued() > 0) {
      const mine = signedIn.slice(0, batchSize);
      const theirs = strangers.slice(0, batchSize - mine.length);
      signedIn = signedIn.slice(mine.length);
      strangers = strangers.slice(theirs.length);
      writing = mine.length + theirs.length;
      try {
        await options.write([...mine, ...theirs]);
      } catch (error) {
        signedIn = trimmed([...mine, ...signedIn], capacity);
        strangers = trimmed([...theirs, ...strangers], anonymousCapacity);
        options.onWriteError(error);
        schedule();
        return false;
      } finally {
        writing = 0;
      }
    }
    return true;
  }

  function flush(): Promise<boolean> {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
    if (running) return running.then(() => flush());
    const run = drain().finally(() => {
      running = undefined;
    });
    running = run;
    return run;
  }

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushIntervalMs);
    // A pending flush must not keep a finished process (or test worker) alive; close() flushes.
    timer.unref();
  }

  return {
    enqueue(record) {
      if (record.userName === anonymous) {
        strangers.push(record);
        strangers = trimmed(strangers, anonymousCapacity);
      } else {
        signedIn.push(record);
        signedIn = trimmed(signedIn, capacity);
      }
      if (closed) void flush();
      else if (queued() >= batchSize) immediate ??= setImmediate(() => void flush());
      else schedule();
    },
    flush,
    close() {
      closed = true;
      return flush();
    },
    get pending() {
      return queued() + writing;
    },
  };
}
