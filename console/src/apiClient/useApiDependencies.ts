import { useMemo } from 'react';
import { useAppDispatch } from '../app/hooks';
import { apiDependenciesOf, type ApiDependencies } from './apiDependencies';
import { sessionHeaderEntries } from './sessionHeaders';

/**
 * The store's API environment (base URL, session) for calls RTK Query does not make: streams
 * (a log follow, a shell's WebSocket) that must be read as they arrive.
 */
export function useApiDependencies(): ApiDependencies {
  const dispatch = useAppDispatch();
  return useMemo(
    () =>
      dispatch((_dispatch: unknown, _getState: unknown, extra: unknown) =>
        apiDependenciesOf(extra),
      ),
    [dispatch],
  );
}

/** The session's user headers, as the base query sends them (the cookie carries the session). */
export const sessionHeaders = (dependencies: ApiDependencies): Record<string, string> =>
  Object.fromEntries(sessionHeaderEntries(dependencies.readSession()));
