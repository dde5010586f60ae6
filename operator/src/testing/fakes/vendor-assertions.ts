import { expect } from 'vitest';
import { ApiError } from '../../core/errors.js';

/**
 * Awaits a provider call that must fail and checks the failure is the catalogue's
 * clusterUnreachable error naming `expected`, with none of `secrets` anywhere in it: not in the
 * message the API shows, not in the cause the log would record.
 */
export async function expectRefusal(
  call: Promise<unknown>,
  expected: string | RegExp,
  secrets: readonly string[],
): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.entry.code).toBe(2001);
  expect(apiError.message).toMatch(expected);
  const everything = [
    apiError.message,
    apiError.stack ?? '',
    JSON.stringify(apiError),
    String(apiError.cause ?? ''),
    JSON.stringify(apiError.details ?? null),
  ].join('\n');
  for (const secret of secrets) expect(everything).not.toContain(secret);
  return apiError;
}
