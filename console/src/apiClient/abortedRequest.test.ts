import { afterEach, expect, it } from 'vitest';
import { isAbortedRequest } from './abortedRequest';

afterEach(() => {
  window.dispatchEvent(new Event('pageshow'));
});

const networkFailure = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

it("takes RTK Query's own abort and an aborted fetch for aborts", () => {
  expect(isAbortedRequest({ name: 'AbortError', message: 'Aborted' })).toBe(true);
  expect(
    isAbortedRequest({
      status: 'FETCH_ERROR',
      error: 'AbortError: signal is aborted without reason',
    }),
  ).toBe(true);
});

it('takes a transport error for a failure while the page stays', () => {
  expect(isAbortedRequest(networkFailure)).toBe(false);
  expect(isAbortedRequest({ status: 'TIMEOUT_ERROR', error: 'TimeoutError' })).toBe(false);
  expect(isAbortedRequest({ status: 500, data: { code: 5000 } })).toBe(false);
  expect(isAbortedRequest(new Error('boom'))).toBe(false);
  expect(isAbortedRequest(undefined)).toBe(false);
});

it('takes a transport error for an abort while the page is being left, until it is shown again', () => {
  window.dispatchEvent(new Event('beforeunload'));
  expect(isAbortedRequest(networkFailure)).toBe(true);
  expect(isAbortedRequest({ status: 500, data: { code: 5000 } })).toBe(false);

  window.dispatchEvent(new Event('pageshow'));
  expect(isAbortedRequest(networkFailure)).toBe(false);

  window.dispatchEvent(new Event('pagehide'));
  expect(isAbortedRequest(networkFailure)).toBe(true);
});
