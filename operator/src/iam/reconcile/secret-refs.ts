import type { HubStore, UserObject } from '../../hub/store.js';
import { credentialsSecretName } from '../../identity/credentials.js';
import type { Verdict } from '../../controllers/conditions.js';
import { wrong } from '../../controllers/conditions.js';

/**
 * Names of Secrets a User must never point at: credentials Secrets (every `user-…`, whether or
 * not that user exists yet) and the prefix of cluster credentials. The CRD's CEL rules refuse
 * them too; the reconciler checks again for objects written before the rules existed.
 */
export const credentialsSecretPrefix = 'user-';
const clusterSecretPrefix = 'nimbus-cluster-';

export type SecretRefStore = Pick<HubStore, 'clusters' | 'registries' | 'namespace'>;

/** spec.credentialsSecretRef may only name the user's own credentials Secret. */
export function credentialsRefProblem(user: UserObject, namespace: string): Verdict | undefined {
  const ref = user.spec.credentialsSecretRef;
  if (!ref) return undefined;
  const own = credentialsSecretName(user.metadata.name);
  if (ref.name === own && ref.namespace === namespace) return undefined;
  return wrong(
    'CredentialsSecretNotAllowed',
    `credentialsSecretRef must name the user's own credentials Secret ${namespace}/${own}; it is ignored`,
  );
}

/** Secrets the operator itself holds other credentials in, by name. */
function operatorSecrets(
  store: SecretRefStore,
  operatorSecretNames: readonly string[],
): Set<string> {
  const names = new Set<string>(operatorSecretNames);
  for (const cluster of store.clusters.list()) names.add(cluster.spec.credentialsSecretRef.name);
  for (const registry of store.registries.list()) {
    const ref = registry.spec.credentialsSecretRef;
    if (ref) names.add(ref.name);
  }
  return names;
}

/**
 * spec.initialPasswordSecretRef may not name a credentials Secret (another user's or its own),
 * the Secrets the operator keeps (session signing key, initial admin password) or a cluster's or registry's credentials: the operator would
 * read that Secret on the author's behalf. Checked before any Secret is read.
 */
export function initialPasswordRefProblem(
  store: SecretRefStore,
  user: UserObject,
  operatorSecretNames: readonly string[],
): Verdict | undefined {
  const ref = user.spec.initialPasswordSecretRef;
  if (!ref) return undefined;
  const reserved =
    ref.name.startsWith(credentialsSecretPrefix) ||
    ref.name.startsWith(clusterSecretPrefix) ||
    operatorSecrets(store, operatorSecretNames).has(ref.name);
  if (!reserved) return undefined;
  return wrong(
    'PasswordSecretNotAllowed',
    `initialPasswordSecretRef names Secret ${ref.name}, which holds credentials Nimbus manages; name a Secret of your own`,
  );
}
