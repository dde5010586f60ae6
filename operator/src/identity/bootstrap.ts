import { ApiError, errors } from '../core/errors.js';
import { createUser } from './accounts.js';
import {
  bootstrapAdminName,
  claimInitialAdminPassword,
  defaultInitialAdminSecret,
  initialAdminPasswordKey,
  reconcileInitialAdminSecret,
} from './initial-admin.js';
import { alphanumerics, randomString } from './random.js';
import { passwordRule } from '@nimbus/api';
import type { IdentityServices } from './services.js';

export { bootstrapAdminName } from './initial-admin.js';
const passwordLength = 20;

export const bootstrapAdminCreatedMessage =
  'bootstrap admin created; its generated password is in the initial admin Secret until it is changed at first sign-in';

/** 20 random alphanumerics that also satisfy the password rule. */
export function generateBootstrapPassword(): string {
  for (;;) {
    const candidate = randomString(passwordLength, alphanumerics);
    if (passwordRule.safeParse(candidate).success) return candidate;
  }
}

/**
 * First start: without any system administrator, create `admin` with a random password that must
 * be changed at first login. The password goes into the initial-admin Secret (initial-admin.ts),
 * never into the log; the Secret is deleted once the admin sets another password. Replicas racing
 * here are safe: they share the Secret's password, and creating the User succeeds on one only.
 */
export async function ensureBootstrapAdmin(
  services: IdentityServices,
): Promise<'created' | 'exists'> {
  const { store, logger } = services;
  const secretName = services.settings.initialAdminSecret ?? defaultInitialAdminSecret;
  if (store.users.list((user) => user.spec.sysAdmin).length > 0) {
    await reconcileInitialAdminSecret(services, secretName, generateBootstrapPassword);
    return 'exists';
  }
  const existing = await store.users.fetch(bootstrapAdminName);
  if (existing) {
    logger.error(
      { user: bootstrapAdminName },
      'no system administrator exists and the name admin is taken by a normal user; set sysAdmin on a User with kubectl',
    );
    return 'exists';
  }
  const password = await claimInitialAdminPassword(
    store.secrets,
    secretName,
    generateBootstrapPassword,
  );
  try {
    await createUser(services, {
      userName: bootstrapAdminName,
      spec: { email: 'admin@nimbus.local', displayName: 'Administrator', sysAdmin: true },
      password,
      mustChangePassword: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.entry === errors.conflict) return 'exists';
    throw error;
  }
  // hack/operator.sh looks for this message to print the password on the first start.
  logger.warn(
    {
      user: bootstrapAdminName,
      secretName: `${store.namespace}/${secretName}`,
      key: initialAdminPasswordKey,
    },
    bootstrapAdminCreatedMessage,
  );
  return 'created';
}
