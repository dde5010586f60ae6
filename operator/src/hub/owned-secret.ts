import { ApiError, errors } from '../core/errors.js';
import type { ObjectMeta } from './store.js';
import { ownerReference } from './owner.js';
import type { SecretStore, SecretWrite } from './secrets.js';

/** The custom resource a credentials Secret belongs to. */
export interface SecretOwner {
  apiVersion: string;
  kind: string;
  metadata: Pick<ObjectMeta, 'name' | 'uid'>;
}

/**
 * Writes the Secret that holds a custom resource's credentials (a Cluster, Registry, ChartSource,
 * AlarmReceiver or IdentityProvider), owned by it so that deleting the resource deletes the
 * Secret with it. The Secret is created, or replaced whole where one of its name is left: the
 * resource's own earlier credentials, or those of an earlier resource of the same name that the
 * garbage collector has not removed yet. Its data is never read back through the API.
 */
export async function writeOwnedSecret(
  secrets: Pick<SecretStore, 'create' | 'replace'>,
  owner: SecretOwner,
  secret: Omit<SecretWrite, 'owner' | 'resourceVersion'>,
): Promise<void> {
  const write = { ...secret, owner: ownerReference(owner) };
  try {
    await secrets.create(write);
  } catch (error) {
    if (!(error instanceof ApiError) || error.entry !== errors.conflict) throw error;
    await secrets.replace(write);
  }
}
