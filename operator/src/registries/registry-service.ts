import type { Page, RegistryInput, RegistryView, SortedPageQuery } from '@nimbus/api';
import {
  matchesRegistryHost,
  plainHttpRegistryKinds,
  registryAddress,
  registryHostRules,
} from '@nimbus/api/shared';
import type { RegistryKind } from '@nimbus/api/shared';
import type { z } from 'zod';
import type { registryTest } from '@nimbus/api';
import { assertGrantedInOrganization } from '../access/permissions.js';
import { statusChange } from '../controllers/conditions.js';
import { ApiError, errors } from '../core/errors.js';
import { alreadyExists, invalid, notFound } from '../core/problems.js';
import { apiVersion } from '../crds/kind.js';
import { assertKeptAddress, boundTo } from '../credentials/credential-address.js';
import { writeOwnedSecret } from '../hub/owned-secret.js';
import type { HubStore, OrganizationObject, RegistryObject } from '../hub/store.js';
import {
  addressedOrganization,
  admins,
  assertAcceptsNewMembers,
  everyone,
  organizationLabels,
} from '../access/org-scope.js';
import type { ClusterServices } from '../clusters/registration.js';
import type { Identity } from '../identity/identity.js';
import type { LoginContext, RegistryCredentials } from './logins.js';
import { credentialsFor, loginFor } from './logins.js';
import { OciClient } from './oci-distribution.js';
import type { RegistryHttpSettings } from './registry-http.js';
import { listOrder } from '../iam/paging.js';
import type { RegistryHub } from './registry-store.js';
import {
  credentialsIn,
  credentialsKey,
  dockerHubView,
  hasRegistryCredentials,
  registriesOf,
  registryLabel,
  registrySecret,
  registrySecretName,
  toRegistryView,
} from './registry-store.js';

export interface RegistryServices {
  hub: RegistryHub;
  http: RegistryHttpSettings;
  vendors: LoginContext;
}

type RegistryTestInput = z.output<typeof registryTest>;

const registryFailures = new Set([errors.registryUnreachable, errors.registryCredentialsRejected]);

function adminOrganization(services: RegistryServices, identity: Identity, ref: string) {
  return addressedOrganization(services.hub.organizations, identity, ref, admins);
}

/** Where a registry is: its kind, host and whether it is reached over plain http. */
export interface RegistryLocation {
  kind: RegistryKind;
  host: string;
  plainHttp?: boolean | undefined;
}

function assertLocation({ kind, host, plainHttp }: RegistryLocation): void {
  if (kind === 'DockerHub') {
    throw invalid('kind', 'Docker Hub is always offered as the public catalogue (id 9999)');
  }
  if (!matchesRegistryHost(kind, host)) {
    throw invalid('host', `not a ${kind} registry host (e.g. ${registryHostRules[kind].example})`);
  }
  if (plainHttp && !plainHttpRegistryKinds.includes(kind)) {
    throw invalid(
      'plainHttp',
      `a ${kind} registry serves https; plain http is for Harbor and Distribution`,
    );
  }
}

/** An OCI client signed in as the kind's login; the caller pings or browses with it. */
export async function clientFor(
  services: RegistryServices,
  { kind, host, plainHttp }: RegistryLocation,
  credentials: RegistryCredentials,
): Promise<OciClient> {
  const login = await loginFor(kind, host, credentials, services.vendors);
  return new OciClient(
    {
      host,
      ...(login ? { login } : {}),
      ...(credentials.caCertificate ? { caCertificate: credentials.caCertificate } : {}),
      ...(plainHttp ? { plainHttp: true } : {}),
    },
    services.http,
  );
}

/** Signs in and reads the catalogue; the number of repositories it lists. */
async function probe(
  services: RegistryServices,
  location: RegistryLocation,
  credentials: RegistryCredentials,
): Promise<number> {
  const client = await clientFor(services, location, credentials);
  await client.ping();
  return (await client.catalog()).length;
}

async function recordReady(
  services: RegistryServices,
  registry: RegistryObject,
  outcome: { ok: true } | { ok: false; error: ApiError },
): Promise<RegistryObject> {
  const desired = outcome.ok
    ? {
        type: 'Ready',
        status: 'True' as const,
        reason: 'Connected',
        message: 'the registry accepted the credentials',
      }
    : {
        type: 'Ready',
        status: 'False' as const,
        reason:
          outcome.error.entry === errors.registryCredentialsRejected
            ? 'CredentialsRejected'
            : 'Unreachable',
        message: outcome.error.message,
      };
  const change = statusChange(
    registry.status?.conditions,
    [{ ...desired, observedGeneration: registry.metadata.generation ?? 0 }],
    new Date(),
  );
  if (!change.conditions) return registry;
  return services.hub.registries.applyStatus(registry.metadata.name, {
    conditions: change.conditions,
  });
}

async function writeSecret(
  services: RegistryServices,
  registry: RegistryObject,
  credentials: RegistryCredentials,
): Promise<void> {
  await writeOwnedSecret(
    services.hub.secrets,
    { apiVersion, kind: 'Registry', metadata: registry.metadata },
    {
      name: registrySecretName(registry.metadata.name),
      data: boundTo(
        { [credentialsKey]: JSON.stringify(credentials) },
        registryAddress(registry.spec),
      ),
      labels: { [registryLabel]: registry.metadata.name },
    },
  );
}

/**
 * The stored registry's credentials, kept for `host`: refused (1014) when that is not the host
 * they were given for, since an admin who may change a registry but never read its login could
 * otherwise send it to a host of their choosing. The credentials have to be given again.
 */
async function keptCredentials(
  services: RegistryServices,
  stored: RegistryObject,
  requested: RegistryLocation,
): Promise<RegistryCredentials> {
  const secret = await registrySecret(services.hub, stored);
  const credentials = credentialsIn(secret);
  if (hasRegistryCredentials(credentials)) {
    assertKeptAddress({
      field: 'credentials',
      secret,
      current: registryAddress(stored.spec),
      requested: registryAddress(requested),
    });
  }
  return credentials;
}

function ownRegistry(services: RegistryServices, org: OrganizationObject, name: string) {
  const registry = registriesOf(services.hub, org).find((r) => r.metadata.name === name);
  if (!registry) throw notFound(`registry ${name}`);
  return registry;
}

/** The Registry's whole spec (server-side apply sends all of it). */
function registrySpec(
  services: RegistryServices,
  input: RegistryInput,
  org: OrganizationObject,
  hasSecret: boolean,
) {
  return {
    kind: input.kind,
    host: input.host,
    organization: org.metadata.name,
    ...(input.description ? { description: input.description } : {}),
    ...(input.plainHttp ? { plainHttp: true } : {}),
    ...(hasSecret
      ? {
          credentialsSecretRef: {
            name: registrySecretName(input.name),
            namespace: services.hub.namespace,
          },
        }
      : {}),
  };
}

export async function createRegistry(
  services: RegistryServices,
  identity: Identity,
  input: RegistryInput,
): Promise<RegistryView> {
  const org = adminOrganization(services, identity, input.organizationId);
  assertAcceptsNewMembers(org);
  assertLocation(input);
  const credentials = credentialsFor(input.kind, input.credentials);
  if (await services.hub.registries.fetch(input.name)) throw alreadyExists(input.name);
  // Refuses a registry that does not answer or refuses the login before anything is stored.
  await probe(services, input, credentials);
  const hasSecret = hasRegistryCredentials(credentials);
  const registry = await services.hub.registries.create({
    metadata: { name: input.name, labels: organizationLabels(org) },
    spec: registrySpec(services, input, org, hasSecret),
  });
  try {
    if (hasSecret) await writeSecret(services, registry, credentials);
  } catch (error) {
    await services.hub.registries.delete(registry.metadata.name);
    throw error;
  }
  return toRegistryView(await recordReady(services, registry, { ok: true }), org);
}

export async function updateRegistry(
  services: RegistryServices,
  identity: Identity,
  input: RegistryInput,
): Promise<RegistryView> {
  const org = adminOrganization(services, identity, input.organizationId);
  const current = ownRegistry(services, org, input.name);
  assertLocation(input);
  const credentials =
    input.credentials === undefined
      ? await keptCredentials(services, current, input)
      : credentialsFor(input.kind, input.credentials);
  await probe(services, input, credentials);
  const hasSecret = hasRegistryCredentials(credentials);
  // modify reads the hub's copy: the registry controller's status writes change the
  // resourceVersion too, and the cache may not have seen the latest yet.
  const updated = await services.hub.registries.modify(
    input.name,
    () => registrySpec(services, input, org, hasSecret),
    // The registry checked above: one of the same name made since is another's.
    { uid: current.metadata.uid, labels: organizationLabels(org) },
  );
  if (hasSecret) await writeSecret(services, updated, credentials);
  else await services.hub.secrets.delete(registrySecretName(input.name));
  return toRegistryView(await recordReady(services, updated, { ok: true }), org);
}

export async function deleteRegistry(
  services: RegistryServices,
  identity: Identity,
  organizationId: string,
  name: string,
): Promise<{ name: string }> {
  const org = adminOrganization(services, identity, organizationId);
  ownRegistry(services, org, name);
  await services.hub.registries.delete(name);
  await services.hub.secrets.delete(registrySecretName(name));
  return { name };
}

/** Tests an unsaved configuration, or (without credentials) the stored registry's. */
export async function testRegistry(
  services: RegistryServices,
  identity: Identity,
  input: RegistryTestInput,
): Promise<{ repositoryCount: number }> {
  const org = adminOrganization(services, identity, input.organizationId);
  assertLocation(input);
  const stored = input.name
    ? registriesOf(services.hub, org).find((r) => r.metadata.name === input.name)
    : undefined;
  const credentials =
    input.credentials === undefined && stored
      ? await keptCredentials(services, stored, input)
      : credentialsFor(input.kind, input.credentials);
  try {
    const repositoryCount = await probe(services, input, credentials);
    if (stored) await recordReady(services, stored, { ok: true });
    return { repositoryCount };
  } catch (error) {
    if (stored && error instanceof ApiError && registryFailures.has(error.entry)) {
      await recordReady(services, stored, { ok: false, error });
    }
    throw error;
  }
}

export async function listOrganizationRegistries(
  services: RegistryServices,
  identity: Identity,
  orgRef: string,
  query: SortedPageQuery,
): Promise<Page<RegistryView>> {
  const org = addressedOrganization(services.hub.organizations, identity, orgRef, everyone);
  await assertGrantedInOrganization(services.hub, identity, org.metadata.name, 'registry:list');
  const needle = query.search?.toLowerCase();
  const all = registriesOf(services.hub, org)
    .sort(listOrder(query))
    .map((registry) => toRegistryView(registry, org))
    .filter((view) => !needle || view.name.includes(needle) || view.host.includes(needle));
  const start = (query.page - 1) * query.pageSize;
  return {
    items: all.slice(start, start + query.pageSize),
    total: all.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export { dockerHubView };

const defaultRegistryTimeoutMs = 10_000;

/** The registries' dependencies, from the hub store and the cluster services' outbound policy. */
export function registryServicesFrom(store: HubStore, clusters: ClusterServices): RegistryServices {
  return {
    hub: store,
    http: {
      policy: clusters.policy ?? {},
      ...(clusters.resolve ? { resolve: clusters.resolve } : {}),
      timeoutMs: Math.max(clusters.memberTimeoutMs ?? 0, defaultRegistryTimeoutMs),
    },
    vendors: { endpoints: clusters.vendorEndpoints ?? {}, fetch, now: () => new Date() },
  };
}
