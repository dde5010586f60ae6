// Images chosen from a registry of the cluster that has a stored login are pulled with a secret
// Nimbus writes from that login into the application's namespace before the workload exists.
import type { RegistryView } from '@nimbus/api';
import { dockerHubRegistryId } from '@nimbus/api/shared';
import type { ApplicationBody, ContainerValues } from './applicationValues';

export interface PullSecretNeed {
  registryId: string;
  registryName: string;
  secretName: string;
}

/** The secret's name for a registry: always the same, so a second application reuses it. */
export function pullSecretName(registryName: string): string {
  return `nimbus-registry-${registryName}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** The pull secret the container's image needs; none for Docker Hub or an unknown registry. */
export function pullSecretFor(
  container: Pick<ContainerValues, 'registryId'>,
  registries: readonly RegistryView[] | undefined,
): PullSecretNeed | undefined {
  const { registryId } = container;
  if (!registryId || registryId === dockerHubRegistryId) return undefined;
  const registry = registries?.find((item) => item.uuid === registryId);
  if (!registry?.credentialsSet) return undefined;
  return { registryId, registryName: registry.name, secretName: pullSecretName(registry.name) };
}

/** One need per secret, in the containers' order. */
export function pullSecretNeeds(
  containers: readonly Pick<ContainerValues, 'registryId'>[],
  registries: readonly RegistryView[] | undefined,
): PullSecretNeed[] {
  const needs = new Map<string, PullSecretNeed>();
  for (const container of containers) {
    const need = pullSecretFor(container, registries);
    if (need && !needs.has(need.secretName)) needs.set(need.secretName, need);
  }
  return [...needs.values()];
}

/** A pull secret could not be written: the workload was not created. */
export class PullSecretFailed extends Error {
  constructor(
    readonly need: PullSecretNeed,
    readonly reason: unknown,
  ) {
    super(`pull secret ${need.secretName} for registry ${need.registryName} failed`);
    this.name = 'PullSecretFailed';
  }
}

export interface ApplicationCalls {
  /** The cluster's registries; asked only when a container's image came from one. */
  registries: () => Promise<readonly RegistryView[]>;
  createPullSecret: (need: PullSecretNeed) => Promise<unknown>;
  createApplication: (body: ApplicationBody) => Promise<unknown>;
}

const needsLookup = (containers: readonly ContainerValues[]) =>
  containers.some(
    (container) => container.registryId && container.registryId !== dockerHubRegistryId,
  );

/**
 * Writes the pull secrets the containers' images need, then creates the application naming
 * them. A secret that fails stops here: no workload is created that could not pull.
 */
export async function createWithPullSecrets(
  body: ApplicationBody,
  containers: readonly ContainerValues[],
  calls: ApplicationCalls,
): Promise<ApplicationBody> {
  const needs = needsLookup(containers)
    ? pullSecretNeeds(containers, await calls.registries())
    : [];
  for (const need of needs) {
    try {
      await calls.createPullSecret(need);
    } catch (error) {
      throw new PullSecretFailed(need, error);
    }
  }
  const names = [...new Set([...(body.imagePullSecrets ?? []), ...needs.map((n) => n.secretName)])];
  const sent = names.length > 0 ? { ...body, imagePullSecrets: names } : body;
  await calls.createApplication(sent);
  return sent;
}
