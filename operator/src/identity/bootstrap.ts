import { ApiError, errors } from '../core/errors.js';
import { createUser } from './accounts.js';
import { alphanumerics, randomString } from './random.js';
import { passwordRule } from './rules.js';
import type { IdentityServices } from './services.js';

export const bootstrapAdminName = 'admin';
export const bootstrapPasswordMarker = 'bootstrap admin password:';
const passwordLength = 20;

/** 20 random alphanumerics that also satisfy the SPEC §5 password rule. */
export function generateBootstrapPassword(): string {
  for (;;) {
    const candidate = randomString(passwordLength, alphanumerics);
    if (passwordRule.safeParse(candidate).success) return candidate;
  }
}

/**
 * First start: without any system administrator, create `admin` with a random password that must
 * be changed at first login. The password is printed once, in the message text, which is the
 * only place a secret is ever logged (field redaction does not apply to messages). Replicas
 * racing here are safe: creating the User succeeds on one only, and only that one prints.
 */
export async function ensureBootstrapAdmin(
  services: IdentityServices,
): Promise<'created' | 'exists'> {
  const { store, logger } = services;
  if (store.users.list((user) => user.spec.sysAdmin).length > 0) return 'exists';
  const existing = await store.users.fetch(bootstrapAdminName);
  if (existing) {
    logger.error(
      { user: bootstrapAdminName },
      'no system administrator exists and the name admin is taken by a normal user; set sysAdmin on a User with kubectl',
    );
    return 'exists';
  }
  const password = generateBootstrapPassword();
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
  logger.warn(
    `${bootstrapPasswordMarker} ${password} (user ${bootstrapAdminName}; change it at first login)`,
  );
  return 'created';
}
