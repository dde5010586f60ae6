import {
  dockerHubHost,
  dockerHubRegistryId,
  repositoryName,
  splitRepository,
} from '@nimbus/api/shared';
import type { RegistryView } from '@nimbus/api';
import { assertGrantedInOrganization } from '../access/permissions.js';
import { invalid } from '../core/problems.js';
import type { Identity } from '../identity/identity.js';
import { visibleCluster } from '../monitoring/monitors.js';
import { organizationOf } from '../access/org-scope.js';
import { notFound } from '../core/problems.js';
import { dockerHubTags, searchDockerHub } from './docker-hub.js';
import type { RegistryServices } from './registry-service.js';
import { clientFor } from './registry-service.js';
import {
  dockerHubView,
  readableRegistry,
  registriesOf,
  storedCredentials,
  toRegistryView,
} from './registry-store.js';
import { tagItems } from './tag-items.js';

/** The organization of a cluster the caller may see. */
async function clusterOrganization(
  services: RegistryServices,
  identity: Identity,
  providerId: string,
) {
  const cluster = await visibleCluster({ store: services.hub }, identity, providerId);
  const name = organizationOf(cluster, services.hub.organizations);
  const org = name === undefined ? undefined : services.hub.organizations.get(name);
  if (!org) throw notFound(`cluster ${providerId}`);
  return org;
}

/** Registries a cluster's workloads may pull from: Docker Hub first, then its organization's. */
export async function providerRegistries(
  services: RegistryServices,
  identity: Identity,
  providerId: string,
): Promise<{ items: RegistryView[] }> {
  const org = await clusterOrganization(services, identity, providerId);
  await assertBrowses(services, identity, org.metadata.name);
  return {
    items: [
      dockerHubView(org),
      ...registriesOf(services.hub, org).map((r) => toRegistryView(r, org)),
    ],
  };
}

/** An image string split into the cluster's registry (null when none matches). */
export async function splitImage(
  services: RegistryServices,
  identity: Identity,
  providerId: string,
  image: string,
) {
  const org = await clusterOrganization(services, identity, providerId);
  const parts = splitRepository(image);
  if (!parts) throw invalid('image', 'not an image reference (host/image:tag)');
  const registry =
    parts.host === dockerHubHost
      ? dockerHubRegistryId
      : (registriesOf(services.hub, org).find((r) => r.spec.host === parts.host)?.metadata.uid ??
        null);
  return { registryId: registry, ...parts };
}

const validRepository = /^[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*(\/[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*)*$/;

/** Browsing needs registry:list (its administrators, or the grant on one of its clusters). */
async function assertBrowses(services: RegistryServices, identity: Identity, org: string) {
  await assertGrantedInOrganization(services.hub, identity, org, 'registry:list');
}

/**
 * A client of a registry the caller may browse, signed in with its stored credentials. Using
 * the stored login in a pull secret (pull-secret.ts) is not browsing: the member decides that.
 */
async function readableClient(services: RegistryServices, identity: Identity, registryId: string) {
  const { registry, org } = await readableRegistry(services.hub, identity, registryId);
  await assertBrowses(services, identity, org.metadata.name);
  const credentials = await storedCredentials(services.hub, registry);
  return clientFor(services, registry.spec, credentials);
}

export async function listRepositories(
  services: RegistryServices,
  identity: Identity,
  registryId: string,
): Promise<{ items: { repositoryName: string; createdAt?: string }[] }> {
  if (registryId === dockerHubRegistryId) {
    const page = await searchDockerHub(services.vendors, { page: 1, pageSize: 50, search: '' });
    return { items: page.items.map((item) => ({ repositoryName: item.slug })) };
  }
  const client = await readableClient(services, identity, registryId);
  const names = await client.catalog();
  return {
    items: names
      .filter((name) => validRepository.test(name))
      .sort()
      .map((name) => ({ repositoryName: name })),
  };
}

export async function listTags(
  services: RegistryServices,
  identity: Identity,
  registryId: string,
  image: string,
): Promise<{ items: { imageTags: string[]; imagePushedAt?: string; digest?: string }[] }> {
  if (!validRepository.test(image)) throw invalid('image', 'not a repository name');
  if (registryId === dockerHubRegistryId) {
    const parts = splitRepository(image);
    if (!parts) throw invalid('image', 'not a repository name');
    return { items: await dockerHubTags(services.vendors, repositoryName(parts)) };
  }
  const client = await readableClient(services, identity, registryId);
  return { items: await tagItems(client, image) };
}
