import { expect } from 'vitest';
import { ApiError } from '../core/errors.js';

/** The ApiError a call fails with; the test fails when it succeeds or throws something else. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
