import { isPageLeaving } from '../lib/pageLeaving';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * An aborted request is not a failure (docs/decisions/aborted-requests.md). A rejection of an
 * API call was an abort when it is RTK Query's own (`AbortError`), or a transport error of a
 * fetch whose signal was aborted, or any transport error while the page is being left: the
 * browser cancels what is in flight then, and Chromium reports that as `Failed to fetch`, as
 * it does a network failure.
 */
export function isAbortedRequest(error: unknown): boolean {
  if (!isRecord(error)) return false;
  if (error.name === 'AbortError') return true;
  if (error.status !== 'FETCH_ERROR') return false;
  return String(error.error).startsWith('AbortError') || isPageLeaving();
}
