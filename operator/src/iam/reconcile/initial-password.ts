import type { HubStore, UserObject } from '../../hub/store.js';
import { readCredentials } from '../../identity/credentials.js';
import type { PasswordHasher } from '../../identity/passwords.js';
import { passwordRule } from '@nimbus/api';
import { ruleMessages } from '@nimbus/api/shared';
import { storePasswordHash } from '../credentials.js';
import type { Verdict } from '../../controllers/conditions.js';
import { fine, wrong } from '../../controllers/conditions.js';
import { initialPasswordRefProblem } from './secret-refs.js';

export const missingSecretRetryMs = 30_000;

/** `kubectl create secret --from-file` keeps the file's final newline; a password never has one. */
function withoutFinalNewline(value: string): string {
  return value.replace(/\r?\n$/, '');
}

/**
 * GitOps users: hashes the password from spec.initialPasswordSecretRef into the user's
 * credentials Secret, once. Undefined when the user names no such Secret.
 */
export async function ensureInitialPassword(
  store: HubStore,
  hasher: Pick<PasswordHasher, 'hash'>,
  user: UserObject,
  operatorSecretNames: readonly string[] = [],
): Promise<Verdict | undefined> {
  const ref = user.spec.initialPasswordSecretRef;
  if (!ref) return undefined;
  // Before any read: a Secret holding credentials Nimbus manages is never opened for this.
  const refused = initialPasswordRefProblem(store, user, operatorSecretNames);
  if (refused) return refused;
  const where = `Secret ${store.namespace}/${ref.name}`;
  const done = fine('PasswordSet', `password set; the initial one comes from ${where}`);
  if ((await readCredentials(store, user)).passwordHash) return done;
  const secret = await store.secrets.get(ref.name);
  if (!secret) return wrong('PasswordSecretNotFound', `${where} does not exist`);
  const raw = secret.data[ref.key];
  if (raw === undefined) return wrong('PasswordKeyNotFound', `${where} has no key ${ref.key}`);
  const password = withoutFinalNewline(raw);
  if (!passwordRule.safeParse(password).success) {
    return wrong('PasswordRejected', `${where}: ${ruleMessages.password}`);
  }
  await storePasswordHash(store, user, await hasher.hash(password), { onlyIfUnset: true });
  return done;
}
