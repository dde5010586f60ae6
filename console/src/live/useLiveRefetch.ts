import { useEffect, useRef, useSyncExternalStore } from 'react';
import { followChanges, liveStatus, onLiveStatus, type LiveInterest } from './changeStream';

/**
 * Reads at most once in this long however fast the index changes: the first change is read at
 * once, the rest of a burst together at the end of the window (docs/decisions/live-changes.md).
 */
export const LIVE_READ_WINDOW_MS = 500;

/**
 * Calls `refetch` when the index changes something `interest` covers, throttled; `interest`
 * undefined follows nothing (the screen has nothing to show yet).
 */
export function useLiveRefetch(interest: LiveInterest | undefined, refetch: () => unknown): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const key = interest === undefined ? '' : JSON.stringify(interest);
  useEffect(() => {
    if (!key) return undefined;
    let lastRead = Number.NEGATIVE_INFINITY;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      trailing = undefined;
      lastRead = Date.now();
      latest.current();
    };
    const stop = followChanges(JSON.parse(key) as LiveInterest, () => {
      if (trailing !== undefined) return;
      const wait = lastRead + LIVE_READ_WINDOW_MS - Date.now();
      if (wait <= 0) read();
      else trailing = setTimeout(read, wait);
    });
    return () => {
      stop();
      if (trailing !== undefined) clearTimeout(trailing);
    };
  }, [key]);
}

/** Whether the page's change stream is open, for the "Live" mark. */
export function useLiveStatus() {
  return useSyncExternalStore(onLiveStatus, liveStatus);
}
