import { createHash } from 'node:crypto';
import { ApiError, errors } from '../core/errors.js';
import { ownerReference } from '../hub/owner.js';
import type { SecretValue } from '../hub/secrets.js';
import type { HubStore, UserObject } from '../hub/store.js';

/**
 * Everything secret about a user lives in one Secret in the operator namespace, owned by the
 * User (deleting the User garbage-collects it); the User only holds a reference to it.
 */
export interface Credentials {
  /** argon2id PHC string. */
  passwordHash?: string;
  /** Bootstrap admin before the first password change. */
  mustChangePassword?: boolean;
  accessKey?: string;
  /** Kept in clear: the HMAC of a signed request is checked with it. */
  secretKey?: string;
  /** Bound TOTP secret (base32). */
  mfaSecret?: string;
  /** Generated but not yet confirmed by a code. */
  mfaPendingSecret?: string;
  /** Time step of the last accepted TOTP code; never accept that step or an earlier one again. */
  mfaLastStep?: number;
}

const stringKeys = [
  'passwordHash',
  'accessKey',
  'secretKey',
  'mfaSecret',
  'mfaPendingSecret',
] as const;

export const credentialsLabel = 'nimbus.io/credentials-of';
export const accessKeyLabel = 'nimbus.io/access-key';

/** Label values are at most 63 characters; longer user names are labelled by a digest. */
export function userLabelValue(userName: string): string {
  return userName.length <= 63
    ? userName
    : createHash('sha256').update(userName).digest('hex').slice(0, 63);
}

/** `user-<name>` while it fits a Secret name, else a digest. */
export function credentialsSecretName(userName: string): string {
  const plain = `user-${userName}`;
  return plain.length <= 253
    ? plain
    : `user-${createHash('sha256').update(userName).digest('hex')}`;
}

export function decodeCredentials(data: Record<string, string>): Credentials {
  const credentials: Credentials = {};
  for (const key of stringKeys) {
    const value = data[key];
    if (value) credentials[key] = value;
  }
  if (data.mustChangePassword === 'true') credentials.mustChangePassword = true;
  const step = Number(data.mfaLastStep);
  if (data.mfaLastStep && Number.isSafeInteger(step)) credentials.mfaLastStep = step;
  return credentials;
}

export function encodeCredentials(credentials: Credentials): Record<string, string> {
  const data: Record<string, string> = {};
  for (const key of stringKeys) {
    const value = credentials[key];
    if (value) data[key] = value;
  }
  if (credentials.mustChangePassword) data.mustChangePassword = 'true';
  if (credentials.mfaLastStep !== undefined) data.mfaLastStep = String(credentials.mfaLastStep);
  return data;
}

/**
 * Always the user's own Secret, whatever spec.credentialsSecretRef says: a User written with
 * kubectl must not borrow another user's credentials or any other Secret (the reconciler
 * reports such a reference, iam/reconcile/secret-refs.ts).
 */
function secretNameOf(user: UserObject): string {
  return credentialsSecretName(user.metadata.name);
}

function labelsFor(user: UserObject, credentials: Credentials): Record<string, string> {
  return {
    [credentialsLabel]: userLabelValue(user.metadata.name),
    ...(credentials.accessKey ? { [accessKeyLabel]: credentials.accessKey } : {}),
  };
}

export async function readCredentials(store: HubStore, user: UserObject): Promise<Credentials> {
  const secret = await store.secrets.get(secretNameOf(user));
  return secret ? decodeCredentials(secret.data) : {};
}

/**
 * Writes the credentials of a newly created User (it becomes the owner). A Secret of the same
 * name can only be a leftover of a deleted namesake the garbage collector has not reached yet,
 * so it is overwritten.
 */
export async function createCredentials(
  store: HubStore,
  user: UserObject,
  credentials: Credentials,
): Promise<void> {
  await updateCredentials(store, user, () => credentials);
}

const maxAttempts = 5;

/**
 * Read-modify-write of a user's credentials, guarded by the Secret's resourceVersion so two
 * replicas cannot both accept the same TOTP code or lose each other's change. `change` may
 * throw an ApiError to refuse; it sees the freshest stored credentials.
 */
export async function updateCredentials(
  store: HubStore,
  user: UserObject,
  change: (current: Credentials) => Credentials | Promise<Credentials>,
): Promise<Credentials> {
  const name = secretNameOf(user);
  for (let attempt = 1; ; attempt++) {
    const secret: SecretValue | undefined = await store.secrets.get(name);
    const next = await change(secret ? decodeCredentials(secret.data) : {});
    const write = {
      name,
      data: encodeCredentials(next),
      labels: labelsFor(user, next),
      owner: ownerReference(user),
    };
    try {
      if (secret)
        await store.secrets.replace({ ...write, resourceVersion: secret.resourceVersion });
      else await store.secrets.create(write);
      return next;
    } catch (error) {
      const conflict = error instanceof ApiError && error.entry === errors.conflict;
      if (!conflict || attempt >= maxAttempts) throw error;
    }
  }
}

/** The user whose credentials carry this access key, if any. */
export async function findByAccessKey(
  store: Pick<HubStore, 'secrets' | 'users'>,
  accessKey: string,
): Promise<{ user: UserObject; credentials: Credentials } | undefined> {
  if (!/^[A-Za-z0-9]{16,63}$/.test(accessKey)) return undefined;
  const secrets = await store.secrets.list(`${accessKeyLabel}=${accessKey}`);
  for (const secret of secrets) {
    const credentials = decodeCredentials(secret.data);
    if (credentials.accessKey !== accessKey) continue;
    const owner = store.users.list((user) => secretNameOf(user) === secret.name)[0];
    if (owner) return { user: owner, credentials };
  }
  return undefined;
}
