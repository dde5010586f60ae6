import type { HubStore } from '../../hub/store.js';
import type { Identity } from '../../identity/identity.js';

/**
 * Calls `end` once when the caller's session is revoked (logout, password change, an admin's
 * revocation: the Session object is deleted) or their user is deleted. Returns the unsubscribe.
 */
export function onAccessEnd(
  store: Pick<HubStore, 'sessions' | 'users'>,
  identity: Identity,
  end: (reason: string) => void,
): () => void {
  let ended = false;
  let unsubscribers: Array<() => void> = [];
  const stop = (): void => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    unsubscribers = [];
  };
  const finish = (reason: string): void => {
    if (ended) return;
    ended = true;
    stop();
    end(reason);
  };
  unsubscribers = [
    store.users.subscribe((type, user) => {
      if (type === 'delete' && user.metadata.uid === identity.userId) finish('user deleted');
    }),
    ...(identity.sessionId === undefined
      ? []
      : [
          store.sessions.subscribe((type, session) => {
            if (type === 'delete' && session.metadata.name === identity.sessionId) {
              finish('session revoked');
            }
          }),
        ]),
  ];
  return stop;
}
