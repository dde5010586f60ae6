import type { Session } from '../session/session';
import type { ApiFeedback } from './apiFeedback';

/**
 * Everything the base query needs from its environment, handed to the store as the thunk extra
 * argument so the app, unit tests and e2e runs can each supply their own.
 */
export interface ApiDependencies {
  feedback: ApiFeedback;
  /** `/api/v1` in the browser; an absolute loopback URL in tests. */
  baseUrl: string;
  readSession: () => Session;
}

function isApiDependencies(value: unknown): value is ApiDependencies {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ApiDependencies>;
  return (
    typeof candidate.baseUrl === 'string' &&
    typeof candidate.readSession === 'function' &&
    typeof candidate.feedback === 'object'
  );
}

export function apiDependenciesOf(extra: unknown): ApiDependencies {
  if (!isApiDependencies(extra)) {
    throw new Error('The store must be created with ApiDependencies as the thunk extra argument');
  }
  return extra;
}
