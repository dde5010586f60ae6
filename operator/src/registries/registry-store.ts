import type { RegistryKind } from '@nimbus/api/shared';
import { dockerHubHost, dockerHubRegistryId } from '@nimbus/api/shared';
import type { RegistryView } from '@nimbus/api';
import { membershipIn } from '../access/scope.js';
import type { HubStore, OrganizationObject, RegistryObject } from '../hub/store.js';
import { notFound } from '../core/problems.js';
import { organizationOf } from '../iam/org-scope.js';
import type { Identity } from '../identity/identity.js';
import type { RegistryCredentials } from './logins.js';

/** Where a registry's credentials live: one Secret per Registry in the operator's namespace. */
export const credentialsKey = 'credentials';
export const registryLabel = 'nimbus.io/registry';

export type RegistryHub = Pick<
  HubStore,
  'registries' | 'secrets' | 'organizations' | 'clusters' | 'namespace'
>;

export function registrySecretName(registry: string): string {
  return `nimbus-registry-${registry}-credentials`;
}

export function toRegistryView(registry: RegistryObject, org: OrganizationObject): RegistryView {
  const { metadata, spec, status } = registry;
  const ready = status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
  return {
    uuid: metadata.uid,
    name: metadata.name,
    host: spec.host,
    kind: spec.kind,
    organizationId: org.metadata.uid,
    organization: org.metadata.name,
    ...(spec.description ? { description: spec.description } : {}),
    credentialsSet: spec.credentialsSecretRef !== undefined,
    ready,
    createdAt: metadata.creationTimestamp,
  };
}

/** Docker Hub's public catalogue, offered to every organization under id 9999 (SPEC §4). */
export function dockerHubView(org: OrganizationObject): RegistryView {
  return {
    uuid: dockerHubRegistryId,
    name: 'dockerhub',
    host: dockerHubHost,
    kind: 'DockerHub' satisfies RegistryKind,
    organizationId: org.metadata.uid,
    organization: org.metadata.name,
    credentialsSet: false,
    ready: true,
    createdAt: org.metadata.creationTimestamp,
  };
}

/** The organization's registries (by organizationOf, so the uid label decides). */
export function registriesOf(hub: RegistryHub, org: OrganizationObject): RegistryObject[] {
  return hub.registries
    .list((registry) => organizationOf(registry, hub.organizations) === org.metadata.name)
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}

/**
 * A registry by uid or name that the caller may read: a member of its organization (or a
 * system admin). Anything else is not there for them (1004).
 */
export async function readableRegistry(
  hub: RegistryHub,
  identity: Identity,
  ref: string,
): Promise<{ registry: RegistryObject; org: OrganizationObject }> {
  const registry = hub.registries.getByUid(ref) ?? (await hub.registries.fetch(ref));
  const orgName = registry && organizationOf(registry, hub.organizations);
  const org = orgName === undefined ? undefined : hub.organizations.get(orgName);
  if (!registry || !org || !(identity.sysAdmin || membershipIn(identity, org.metadata.name))) {
    throw notFound(`registry ${ref}`);
  }
  return { registry, org };
}

export async function storedCredentials(
  hub: RegistryHub,
  registry: RegistryObject,
): Promise<RegistryCredentials> {
  const ref = registry.spec.credentialsSecretRef;
  if (!ref) return {};
  // Only a Secret in the operator's namespace that names this registry is read: a kubectl-written
  // Registry cannot borrow another registry's (or another organization's) Secret.
  if (ref.namespace !== hub.namespace) return {};
  const secret = await hub.secrets.get(ref.name);
  if (!secret || secret.labels[registryLabel] !== registry.metadata.name) return {};
  try {
    return JSON.parse(secret.data[credentialsKey] ?? '{}') as RegistryCredentials;
  } catch {
    return {};
  }
}
