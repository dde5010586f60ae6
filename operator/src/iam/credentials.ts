import type { HubStore, UserObject } from '../hub/store.js';
import { updateCredentials } from '../identity/credentials.js';

/**
 * Stores a password hash in the user's credentials Secret (identity-core's format). With
 * `onlyIfUnset`, an existing password wins: GitOps sets the initial password once and never
 * overwrites one the user has since changed.
 */
export async function storePasswordHash(
  store: HubStore,
  user: UserObject,
  passwordHash: string,
  options: { onlyIfUnset?: boolean } = {},
): Promise<boolean> {
  let stored = false;
  await updateCredentials(store, user, (current) => {
    if (options.onlyIfUnset && current.passwordHash) return current;
    stored = true;
    return { ...current, passwordHash };
  });
  return stored;
}
