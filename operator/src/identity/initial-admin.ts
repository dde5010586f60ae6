import { ApiError, errors } from '../core/errors.js';
import type { SecretStore } from '../hub/secrets.js';
import type { Logger } from '../logger.js';
import { readCredentials, updateCredentials } from './credentials.js';
import type { IdentityServices } from './services.js';

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
 * At start-up, one rule holds afterwards: while the admin must still change its password, the
 * Secret holds a password that works; otherwise there is no Secret. So a leftover Secret (the
 * admin changed the password while the delete failed, or the admin is gone) is deleted, and an
 * admin that must change a password nobody can read (created by a build that logged it, or its
 * Secret deleted by hand) gets a new one in the Secret and loses its sessions. Left alone while
 * the admin has no credentials yet: another replica is between creating the User and writing them.
 */
export async function reconcileInitialAdminSecret(
  services: IdentityServices,
  secretName: string,
  generate: () => string,
): Promise<void> {
  const { store, logger } = services;
  const admin = await store.users.fetch(bootstrapAdminName);
  const credentials = admin ? await readCredentials(store, admin) : {};
  if (admin && credentials.passwordHash === undefined) return;
  const stored = (await store.secrets.get(secretName))?.data[initialAdminPasswordKey];
  if (!admin || !credentials.mustChangePassword) {
    if (stored !== undefined) await forgetInitialAdminPassword(store.secrets, secretName, logger);
    return;
  }
  const works =
    stored !== undefined &&
    (await services.passwords.verify(stored, credentials.passwordHash ?? ''));
  if (works) return;
  const password = await claimInitialAdminPassword(store.secrets, secretName, generate);
  const passwordHash = await services.passwords.hash(password);
  let reissued = false;
  await updateCredentials(store, admin, (current) => {
    // The admin chose a password meanwhile: that one stays.
    reissued = current.mustChangePassword === true;
    return reissued ? { ...current, passwordHash } : current;
  });
  if (!reissued) {
    await forgetInitialAdminPassword(store.secrets, secretName, logger);
    return;
  }
  await services.sessions.revokeAll(bootstrapAdminName);
  logger.warn(
    { user: bootstrapAdminName, secretName: `${store.namespace}/${secretName}` },
    'the bootstrap admin must change a password that is in no initial admin Secret; a new one was generated into it',
  );
}
