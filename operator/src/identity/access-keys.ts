import { randomBytes } from 'node:crypto';
import type { AccessKeyPair } from '@nimbus/api';
import { ApiError, errors } from '../core/errors.js';
import type { HubStore } from '../hub/store.js';
import { updateCredentials } from './credentials.js';
import { randomString, upperAlphanumerics } from './random.js';

export function newAccessKeyPair(): AccessKeyPair {
  return {
    accessKey: `NIMBUS${randomString(20, upperAlphanumerics)}`,
    secretKey: randomBytes(30).toString('base64url'),
  };
}

/**
 * PUT /iam.{host}/users with updateType 'secretKey': issues a new pair, replacing the old one
 * (which stops working at once). The iam users handler calls this after its access checks.
 */
export async function resetAccessKey(store: HubStore, userName: string): Promise<AccessKeyPair> {
  const user = await store.users.fetch(userName);
  if (!user) throw new ApiError(errors.notFound, { message: `user ${userName} not found` });
  const pair = newAccessKeyPair();
  await updateCredentials(store, user, (current) => ({ ...current, ...pair }));
  return pair;
}
