import type { AccessKeyPair } from '@nimbus/api';
import type { HubStore, UserObject } from '../hub/store.js';
import { ApiError, errors } from '../core/errors.js';
import { resetAccessKey } from '../identity/access-keys.js';
import type { NewUser } from '../identity/accounts.js';
import { changePassword, createUser } from '../identity/accounts.js';
import type { Identity } from '../identity/identity.js';
import type { IdentityServices } from '../identity/services.js';
import { alreadyExists } from '../core/problems.js';

/** What the IAM services need from the hub and from identity-core. */
export interface IamDeps {
  store: HubStore;
  /** Creates the User with its credentials Secret (password hashed by identity-core). */
  createUser(input: NewUser): Promise<UserObject>;
  /** With oldPassword it must match (1007); revokes every session of the user. */
  changePassword(userName: string, password: string, oldPassword?: string): Promise<void>;
  resetAccessKey(userName: string): Promise<AccessKeyPair>;
}

export function iamDepsFrom(services: IdentityServices): IamDeps {
  return {
    store: services.store,
    createUser: (input) => createUser(services, input),
    changePassword: (userName, password, oldPassword) =>
      changePassword(
        services,
        userName,
        password,
        oldPassword === undefined ? {} : { oldPassword },
      ),
    resetAccessKey: (userName) => resetAccessKey(services.store, userName),
  };
}

export interface IamCall {
  identity: Identity;
  deps: IamDeps;
}

/** Runs a create; the hub's "already exists" becomes the duplicate-name message. */
export async function createOnce<T>(name: string, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof ApiError && error.entry === errors.conflict) throw alreadyExists(name);
    throw error;
  }
}
