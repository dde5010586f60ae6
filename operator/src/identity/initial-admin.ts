import { ApiError, errors } from '../core/errors.js';
import type { SecretStore } from '../hub/secrets.js';
import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { readCredentials } from './credentials.js';

export const bootstrapAdminName = 'admin';
/** The chart names it `<fullname>-initial-admin`; local runs use this default. */
export const defaultInitialAdminSecret = 'nimbus-initial-admin';
export const initialAdminPasswordKey = 'password';
export const initialAdminUserKey = 'username';

/**
 * The bootstrap admin's generated password, kept in a Secret of the operator's namespace (never
 * in the log) until the admin sets another one. Written before the User exists, so a replica
 * that dies between the two leaves the password behind for the next one to use, and replicas
 * racing here all end up with the one password the API server let win.
 */
export async function claimInitialAdminPassword(
  secrets: SecretStore,
  secretName: string,
  generate: () => string,
): Promise<string> {
  const stored = async (): Promise<string | undefined> =>
    (await secrets.get(secretName))?.data[initialAdminPasswordKey];
  const existing = await stored();
  if (existing) return existing;
  const password = generate();
  try {
    await secrets.create({
      name: secretName,
      data: { [initialAdminUserKey]: bootstrapAdminName, [initialAdminPasswordKey]: password },
      labels: { 'nimbus.io/purpose': 'initial-admin' },
    });
    return password;
  } catch (error) {
    if (!(error instanceof ApiError && error.entry === errors.conflict)) throw error;
  }
  const winner = await stored();
  if (!winner) throw new Error(`Secret ${secretName} exists without a ${initialAdminPasswordKey}`);
  return winner;
}

/** Deletes the Secret once its password no longer works; a failure is only logged. */
export async function forgetInitialAdminPassword(
  secrets: SecretStore,
  secretName: string,
  logger: Logger,
): Promise<void> {
  try {
    if (await secrets.delete(secretName)) {
      logger.info({ secretName }, 'initial admin password changed; its Secret was deleted');
    }
  } catch (error) {
    logger.warn({ err: error, secretName }, 'cannot delete the initial admin Secret');
  }
}

/**
 * At start-up: a Secret left from before (the admin changed the password while the delete
 * failed, or the admin was removed) is deleted. Kept while the admin exists without credentials
 * yet: another replica may be between creating the User and writing its password hash.
 */
export async function sweepInitialAdminSecret(
  store: HubStore,
  secretName: string,
  logger: Logger,
): Promise<void> {
  if (!(await store.secrets.get(secretName))) return;
  const admin = await store.users.fetch(bootstrapAdminName);
  if (admin) {
    const credentials = await readCredentials(store, admin);
    if (credentials.passwordHash === undefined || credentials.mustChangePassword) return;
  }
  await forgetInitialAdminPassword(store.secrets, secretName, logger);
}
