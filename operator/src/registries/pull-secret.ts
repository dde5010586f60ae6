// A namespace's image-pull Secret made from a stored registry: the caller names the registry, the
// operator supplies its login, which never reaches the caller.
import type { RegistryPullSecretInput, SecretInput } from '@nimbus/api';
import { dockerHubRegistryId } from '@nimbus/api/shared';
import { invalid } from '../core/problems.js';
import { organizationOf } from '../access/org-scope.js';
import type { Identity } from '../identity/identity.js';
import { registrySecret } from '../k8s/configs/registry-secret.js';
import { visibleCluster } from '../monitoring/monitors.js';
import { loginFor } from './logins.js';
import type { RegistryServices } from './registry-service.js';
import { readableRegistry, storedCredentials } from './registry-store.js';

/**
 * The dockerconfigjson Secret for `input.registryId`, for a workload of `cluster`. Only a
 * registry of the cluster's own organization is used: its login must not travel into another
 * organization's cluster. ECR's login is a 12-hour token (AWS issues no longer one).
 */
export async function registryPullSecret(
  services: RegistryServices,
  identity: Identity,
  cluster: string,
  input: RegistryPullSecretInput,
): Promise<SecretInput> {
  if (input.registryId === dockerHubRegistryId) {
    throw invalid('registryId', "Docker Hub's public catalogue needs no pull secret");
  }
  const { registry, org } = await readableRegistry(services.hub, identity, input.registryId);
  const target = await visibleCluster({ store: services.hub }, identity, cluster);
  if (organizationOf(target, services.hub.organizations) !== org.metadata.name) {
    throw invalid('registryId', `not a registry of the organization of cluster ${cluster}`);
  }
  const credentials = await storedCredentials(services.hub, registry);
  const login = await loginFor(
    registry.spec.kind,
    registry.spec.host,
    credentials,
    services.vendors,
  );
  if (!login) throw invalid('registryId', `registry ${registry.metadata.name} has no stored login`);
  return registrySecret({
    name: input.name,
    server: registry.spec.host,
    username: login.username,
    password: login.password,
    ...(input.labels ? { labels: input.labels } : {}),
  });
}
