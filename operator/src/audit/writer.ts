import { anonymous } from './record.js';
import type { AuditRecord } from './record.js';

export interface AuditWriterOptions {
  /** Writes one batch; throws when the batch could not be stored. */
  write(records: readonly AuditRecord[]): void;
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
  /** Writes everything queued now; returns false when a write failed (records stay queued). */
  flush(): boolean;
  /** Stops the timer and writes what is left. */
  close(): boolean;
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
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let closed = false;
  const pending = (): number => signedIn.length + strangers.length;

  function trimmed(queue: AuditRecord[], limit: number): AuditRecord[] {
    const excess = queue.length - limit;
    if (excess <= 0) return queue;
    options.onDrop(excess);
    return queue.slice(excess);
  }

  function flush(): boolean {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
    while (pending() > 0) {
      const mine = signedIn.slice(0, batchSize);
      const theirs = strangers.slice(0, batchSize - mine.length);
      try {
        options.write([...mine, ...theirs]);
      } catch (error) {
        options.onWriteError(error);
        schedule();
        return false;
      }
      signedIn = signedIn.slice(mine.length);
      strangers = strangers.slice(theirs.length);
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
      if (record.userName === anonymous) {
        strangers.push(record);
        strangers = trimmed(strangers, anonymousCapacity);
      } else {
        signedIn.push(record);
        signedIn = trimmed(signedIn, capacity);
      }
      if (closed) flush();
      else if (pending() >= batchSize) immediate ??= setImmediate(flush);
      else schedule();
    },
    flush,
    close() {
      closed = true;
      return flush();
    },
    get pending() {
      return pending();
    },
  };
}
