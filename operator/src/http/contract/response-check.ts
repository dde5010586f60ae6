import type { Endpoint } from '@nimbus/api';
import { errorCodesOf } from '@nimbus/api';
import type { z } from 'zod';
import { ApiError, errors } from '../../core/errors.js';

/**
 * Fails the call when the data a handler returned does not match the declared response schema:
 * in the test tiers drift between the code and the contract becomes a failing test.
 */
export function checkResponse(id: string, schema: z.ZodType, data: unknown): void {
  const result = schema.safeParse(data);
  if (result.success) return;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ApiError(errors.internal, {
    message: `response of ${id} does not match the contract`,
    details: { contract: id, issues },
    cause: new Error(`contract drift in ${id}: ${JSON.stringify(issues)}`),
  });
}

/**
 * The drift error when `error` carries a code the endpoint's declaration does not list (so the
 * OpenAPI document would not tell a client of it); undefined when it is declared.
 */
export function checkErrorCode(
  id: string,
  endpoint: Endpoint,
  error: ApiError,
): ApiError | undefined {
  const code = error.entry.code;
  if (errorCodesOf(endpoint).includes(code)) return undefined;
  return new ApiError(errors.internal, {
    message: `${id} answered error code ${code}, which its declaration does not list`,
    details: { contract: id, code, message: error.message },
    cause: new Error(`contract drift in ${id}: undeclared error code ${code} (${error.message})`),
  });
}

/** The test tiers set NIMBUS_CONTRACT_CHECK=strict (vitest setup, hack/operator.sh test mode). */
export function contractCheckFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NIMBUS_CONTRACT_CHECK === 'strict';
}
