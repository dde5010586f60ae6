import type { RegistryKind } from '@nimbus/api/shared';
import { dockerHubHost, dockerHubRegistryId, registryAddress } from '@nimbus/api/shared';
import type { RegistryView } from '@nimbus/api';
import type { CrdReader } from '../access/caller-scope.js';
import { membershipIn } from '../access/scope.js';
import { ApiError, errors } from '../core/errors.js';
import { notFound } from '../core/problems.js';
import { credentialFits } from '../credentials/credential-address.js';
import type { SecretValue } from '../hub/secrets.js';
import type { HubStore, OrganizationObject, RegistryObject } from '../hub/store.js';
import { organizationOf } from '../access/org-scope.js';
import type { Identity } from '../identity/identity.js';
import type { RegistryCredentials } from './logins.js';

/** Where a registry's credentials live: one Secret per Registry in the operator's namespace. */
export const credentialsKey = 'credentials';
export const registryLabel = 'nimbus.io/registry';

export type RegistryHub = CrdReader &
  Pick<HubStore, 'registries' | 'secrets' | 'organizations' | 'clusters' | 'namespace'>;

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
    plainHttp: spec.plainHttp === true,
    credentialsSet: spec.credentialsSecretRef !== undefined,
    ready,
    createdAt: metadata.creationTimestamp,
  };
}

/** Docker Hub's public catalogue, offered to every organization under id 9999. */
export function dockerHubView(org: OrganizationObject): RegistryView {
  return {
    uuid: dockerHubRegistryId,
    name: 'dockerhub',
    host: dockerHubHost,
    kind: 'DockerHub' satisfies RegistryKind,
    organizationId: org.metadata.uid,
    organization: org.metadata.name,
    plainHttp: false,
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

/**
 * The registry's own credentials Secret: only one in the operator's namespace that names this
 * registry is read, so a kubectl-written Registry cannot borrow another registry's (or another
 * organization's) Secret.
 */
export async function registrySecret(
  hub: Pick<RegistryHub, 'secrets' | 'namespace'>,
  registry: RegistryObject,
): Promise<SecretValue | undefined> {
  const ref = registry.spec.credentialsSecretRef;
  if (!ref || ref.namespace !== hub.namespace) return undefined;
  const secret = await hub.secrets.get(ref.name);
  if (!secret || secret.labels[registryLabel] !== registry.metadata.name) return undefined;
  return secret;
}

/** The credentials a registry Secret holds ({} for none or an unreadable one). */
export function credentialsIn(secret: SecretValue | undefined): RegistryCredentials {
  try {
    return JSON.parse(secret?.data[credentialsKey] ?? '{}') as RegistryCredentials;
  } catch {
    return {};
  }
}

export const hasRegistryCredentials = (credentials: RegistryCredentials): boolean =>
  Object.keys(credentials).length > 0;

/**
 * The stored credentials, for use at the registry's host as it is now: refused (1014) when the
 * host moved since they were given (with kubectl; the API refuses such a change).
 */
export async function storedCredentials(
  hub: RegistryHub,
  registry: RegistryObject,
): Promise<RegistryCredentials> {
  const secret = await registrySecret(hub, registry);
  const credentials = credentialsIn(secret);
  if (
    hasRegistryCredentials(credentials) &&
    !credentialFits(secret, registryAddress(registry.spec))
  ) {
    throw new ApiError(errors.credentialsForAnotherAddress, {
      message: `registry ${registry.metadata.name}: its host changed since its credentials were stored; an organization administrator has to give them again`,
    });
  }
  return credentials;
}
