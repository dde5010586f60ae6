import { useEffect, useRef, useSyncExternalStore } from 'react';
import { followChanges, liveStatus, onLiveStatus, type LiveInterest } from './changeStream';

/**
 * Reads at most once in this long however fast the index changes: the first change is read at
 * once, the rest of a burst together at the end of the window (docs/decisions/live-changes.md).
 */
export const LIVE_READ_WINDOW_MS = 500;

/** What RTK Query's refetch returns: a promise of the query's state, naming its request. */
interface StartedRead extends PromiseLike<unknown> {
  requestId?: unknown;
}

const isStartedRead = (value: unknown): value is StartedRead =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Whether the read asked for did not run: RTK Query drops a refetch while the same query is
 * already being read, and answers with that earlier read, which may predate the change.
 */
function answeredByAnotherRead(started: StartedRead, answer: unknown): boolean {
  const answered = (answer as { requestId?: unknown } | null)?.requestId;
  return typeof started.requestId === 'string' && typeof answered === 'string'
    ? answered !== started.requestId
    : false;
}

/**
 * Calls `refetch` when the index changes something `interest` covers, throttled; `interest`
 * undefined follows nothing (the screen has nothing to show yet). A change heard while a read
 * is on its way, or a read that was not made because another one was, is read again once that
 * read is answered: otherwise the last change of a burst could leave the screen stale.
 */
export function useLiveRefetch(interest: LiveInterest | undefined, refetch: () => unknown): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const key = interest === undefined ? '' : JSON.stringify(interest);
  useEffect(() => {
    if (!key) return undefined;
    let stopped = false;
    let lastRead = Number.NEGATIVE_INFINITY;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    let reading = false;
    let changedWhileReading = false;
    const answered = (readAgain: boolean) => {
      reading = false;
      if (stopped || !(readAgain || changedWhileReading)) return;
      changedWhileReading = false;
      onChange();
    };
    const read = () => {
      trailing = undefined;
      lastRead = Date.now();
      const started = latest.current();
      if (!isStartedRead(started)) return;
      reading = true;
      changedWhileReading = false;
      started.then(
        (answer) => answered(answeredByAnotherRead(started, answer)),
        () => answered(false),
      );
    };
    const onChange = () => {
      if (reading) {
        changedWhileReading = true;
        return;
      }
      if (trailing !== undefined) return;
      const wait = lastRead + LIVE_READ_WINDOW_MS - Date.now();
      if (wait <= 0) read();
      else trailing = setTimeout(read, wait);
    };
    const stop = followChanges(JSON.parse(key) as LiveInterest, onChange);
    return () => {
      stopped = true;
      stop();
      if (trailing !== undefined) clearTimeout(trailing);
    };
  }, [key]);
}

/** Whether the page's change stream is open, for the "Live" mark. */
export function useLiveStatus() {
  return useSyncExternalStore(onLiveStatus, liveStatus);
}
