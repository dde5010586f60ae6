import type { z } from 'zod';
import type { userSpec } from '../crds/user.js';
import { ApiError, errors } from '../core/errors.js';
import type { UserObject } from '../hub/store.js';
import { createCredentials, readCredentials, updateCredentials } from './credentials.js';
import {
  bootstrapAdminName,
  defaultInitialAdminSecret,
  forgetInitialAdminPassword,
} from './initial-admin.js';
import type { IdentityServices } from './services.js';

export type NewUserSpec = Omit<z.input<typeof userSpec>, 'credentialsSecretRef'>;

/** A duplicate name gives '{0} already existed, please change'. */
export function duplicateName(name: string): ApiError {
  return new ApiError(errors.conflict, { message: `${name} already existed, please change` });
}

export interface NewUser {
  userName: string;
  spec: NewUserSpec;
  password: string;
  mustChangePassword?: boolean;
}

/**
 * POST /auth.{host}/register, which anyone may call: each registration is counted against the
 * client's address before the password is hashed (1006 with the wait once it is due), so one
 * address can neither create accounts in bulk nor probe names through 1005 at speed.
 */
export async function registerUser(
  services: IdentityServices,
  address: string,
  input: NewUser,
): Promise<UserObject> {
  await services.throttle.reserveRegistration(address);
  return createUser(services, input);
}

/**
 * Creates the User and its credentials Secret (password hash only). Used by register, by the
 * iam create-user call and by the bootstrap. The caller validates `password` against the rules.
 */
export async function createUser(services: IdentityServices, input: NewUser): Promise<UserObject> {
  const { store } = services;
  if (await store.users.fetch(input.userName)) throw duplicateName(input.userName);
  // Hash first: a refused hash (flood) must not leave a user without credentials behind.
  const passwordHash = await services.passwords.hash(input.password);
  let user: UserObject;
  try {
    user = await store.users.create({
      metadata: { name: input.userName },
      // The credentials Secret's name follows from the user's; the IAM controller reports it in
      // status.credentialsSecretRef, so a User applied from Git and one created here look alike.
      spec: input.spec,
    });
  } catch (error) {
    if (error instanceof ApiError && error.entry === errors.conflict)
      throw duplicateName(input.userName);
    throw error;
  }
  try {
    await createCredentials(store, user, {
      passwordHash,
      ...(input.mustChangePassword ? { mustChangePassword: true } : {}),
    });
  } catch (error) {
    await store.users.delete(input.userName).catch(() => undefined);
    throw error;
  }
  return user;
}

/**
 * Sets a new password hash, clears mustChangePassword and revokes every session of the user.
 * The bootstrap admin's generated password stops working here, so its Secret goes too.
 */
export async function setPassword(
  services: IdentityServices,
  user: UserObject,
  password: string,
): Promise<void> {
  const passwordHash = await services.passwords.hash(password);
  let wasGenerated = false;
  await updateCredentials(services.store, user, (current) => {
    const { mustChangePassword, ...rest } = current;
    wasGenerated = mustChangePassword === true;
    return { ...rest, passwordHash };
  });
  await services.sessions.revokeAll(user.metadata.name);
  if (wasGenerated && user.metadata.name === bootstrapAdminName) {
    const secretName = services.settings.initialAdminSecret ?? defaultInitialAdminSecret;
    await forgetInitialAdminPassword(services.store.secrets, secretName, services.logger);
  }
}

/**
 * A user who signs in with an identity provider has no local password and no local TOTP: the
 * provider authenticates them (docs/decisions/single-sign-on.md).
 */
export function refuseForSingleSignOn(user: UserObject, what: string): void {
  const link = user.spec.externalIdentity;
  if (!link) return;
  throw new ApiError(errors.validationFailed, {
    message: `${user.metadata.name} signs in with the identity provider ${link.provider} and has no local password or TOTP; ${what} is set at the provider`,
  });
}

/**
 * PUT /iam.{host}/users with updateType 'password' (the iam handler calls this after its access
 * checks). With `oldPassword` (a user changing their own password) it must match, else 1007.
 */
export async function changePassword(
  services: IdentityServices,
  userName: string,
  password: string,
  options: { oldPassword?: string } = {},
): Promise<void> {
  const user = await services.store.users.fetch(userName);
  if (!user) throw new ApiError(errors.notFound, { message: `user ${userName} not found` });
  refuseForSingleSignOn(user, 'a password');
  if (options.oldPassword !== undefined) {
    const { passwordHash } = await readCredentials(services.store, user);
    const matches =
      passwordHash !== undefined &&
      (await services.passwords.verify(options.oldPassword, passwordHash));
    if (!matches) throw new ApiError(errors.badCredentials);
  }
  await setPassword(services, user, password);
}
