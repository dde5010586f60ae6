import { sessionHeaderEntries } from '../../apiClient/sessionHeaders';
import { REQUESTED_WITH_HEADER } from '../../constants';
import type { Session } from '../../session/session';

/** The part of a "Try it out" request the console adds to. */
export interface TryItOutRequest {
  method?: string;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  [key: string]: unknown;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sends a "Try it out" request the way the console's base query does: with the session cookie
 * (same origin only), the headers naming the signed-in user, and the CSRF header on every
 * state-changing method. The request is changed in place, as the renderer expects.
 */
export function asConsoleRequest<R extends TryItOutRequest>(request: R, session: Session): R {
  const headers = (request.headers ??= {});
  for (const [name, value] of sessionHeaderEntries(session)) headers[name] ??= value;
  if (!READS.has((request.method ?? 'GET').toUpperCase())) {
    headers[REQUESTED_WITH_HEADER.name] = REQUESTED_WITH_HEADER.value;
  }
  request.credentials = 'same-origin';
  return request;
}
