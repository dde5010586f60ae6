// A pull secret Nimbus wrote for a registry is Nimbus's to refresh; any other secret of that name
// (one a person made by hand, or Nimbus's for another registry) is never overwritten.
import type { SecretInput } from '@nimbus/api';
import { ApiError, errors } from '../core/errors.js';
import type { KubeObject } from '../index/trim.js';

/** Marks a pull secret as written by Nimbus from the stored login of this registry (its uuid). */
export const pullSecretRegistryLabel = 'nimbus.io/pull-secret-registry';

const dockerConfigJson = 'kubernetes.io/dockerconfigjson';

/** The writes of one namespace's secrets, as the caller. */
export interface SecretWrites {
  create(secret: SecretInput): Promise<KubeObject>;
  read(name: string): Promise<KubeObject>;
  replace(secret: SecretInput): Promise<KubeObject>;
}

/** The secret with the mark of its registry; the caller's labels cannot remove the mark. */
export function markedForRegistry(secret: SecretInput, registryId: string): SecretInput {
  return {
    ...secret,
    metadata: {
      ...secret.metadata,
      labels: { ...secret.metadata.labels, [pullSecretRegistryLabel]: registryId },
    },
  };
}

const isConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.entry.code === errors.conflict.code;

function isOursFor(existing: KubeObject, registryId: string): boolean {
  const labels = existing.metadata?.labels ?? {};
  return (
    labels[pullSecretRegistryLabel] === registryId &&
    (existing as { type?: string }).type === dockerConfigJson
  );
}

/**
 * Creates the pull secret; when its name is taken by Nimbus's secret of the same registry, that
 * one is rewritten with the current login (an ECR token lasts 12 hours, a password may have
 * changed) and answered. Any other secret of that name is a conflict and stays as it is.
 */
export async function writePullSecret(
  writes: SecretWrites,
  secret: SecretInput,
  registryId: string,
): Promise<KubeObject> {
  const marked = markedForRegistry(secret, registryId);
  try {
    return await writes.create(marked);
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await writes.read(marked.metadata.name);
    if (!isOursFor(existing, registryId)) {
      throw new ApiError(errors.conflict, {
        message: `secret ${marked.metadata.name} already exists and is not Nimbus's pull secret for this registry; it was left untouched`,
      });
    }
    return writes.replace(marked);
  }
}
