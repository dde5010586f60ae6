import type {
  ClusterView,
  ParsedClusterInput,
  ParsedClusterTest,
  ParsedClusterUpdate,
} from '@nimbus/api';
import { assertGrantedForObject } from '../access/permissions.js';
import { denied, isAdminOf } from '../access/scope.js';
import { apiVersion } from '../crds/kind.js';
import { ApiError, errors } from '../core/errors.js';
import { writeOwnedSecret } from '../hub/owned-secret.js';
import type { ClusterObject, HubStore, OrganizationObject } from '../hub/store.js';
import {
  addressedOrganization,
  admins,
  assertAcceptsNewMembers,
  everyone,
  organizationLabels,
  organizationOf,
} from '../access/org-scope.js';
import { alreadyExists, notFound, parseRequest } from '../core/problems.js';
import type { Identity } from '../identity/identity.js';
import type { Logger } from '../logger.js';
import { clusterLabel, credentialsUpdatedAnnotation, toClusterView } from './cluster-view.js';
import type { ClusterConnector } from './connector.js';
import { credentialsKey } from './connector.js';
import type { MemberCalls } from './member-client.js';
import { MemberCallError } from './member-client.js';
import { fetchVersion } from './probe.js';
import type { ProviderRegistry } from './providers/registry.js';
import type { ProviderAdapter } from './providers/types.js';
import type { ClusterFinalizations } from './lifecycle.js';
import { clusterFinalizer, ensureClusterFinalizer, finalizeCluster } from './lifecycle.js';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';

export interface ClusterServices {
  store: Pick<
    HubStore,
    | 'clusters'
    | 'secrets'
    | 'organizations'
    | 'namespace'
    | 'users'
    | 'userGroups'
    | 'roles'
    | 'favourites'
  >;
  registry: ProviderRegistry;
  connector: ClusterConnector;
  /** The outbound (SSRF) policy for other URLs users give, e.g. monitoring endpoints. */
  policy?: OutboundPolicy;
  resolve?: Resolver;
  /** Deadline of each member call made while deleting a cluster. */
  memberTimeoutMs?: number;
  /** The Cluster finalizations of this process, shared with the lifecycle controller. */
  finalizations: ClusterFinalizations;
  /** Vendor API base URLs by adapter key (config vendorEndpoints), e.g. for the registries. */
  vendorEndpoints?: Record<string, string>;
  logger?: Logger;
}

function adapterFor(services: ClusterServices, kind: string): ProviderAdapter {
  const adapter = services.registry.adapter(kind);
  if (adapter) return adapter;
  const known = services.registry.supported().some((info) => info.kind === kind);
  throw new ApiError(errors.validationFailed, {
    message: known
      ? `provider ${kind} is not available in this operator`
      : `unknown provider kind ${kind}`,
  });
}

/** Credentials checked by the kind's schema; issues name fields, never values. */
function credentialsOf(adapter: ProviderAdapter, input: unknown): unknown {
  return parseRequest(adapter.credentials, input ?? {});
}

function secretName(cluster: string): string {
  return `nimbus-cluster-${cluster}-credentials`;
}

function organization(services: ClusterServices, identity: Identity, ref: string) {
  return addressedOrganization(services.store.organizations, identity, ref, admins);
}

/**
 * A member who is not an administrator tests only a registered cluster, with its stored
 * credentials, and only with cluster:test there; new credentials are the administrators'.
 */
async function assertMemberTests(
  services: ClusterServices,
  identity: Identity,
  org: OrganizationObject,
  call: { kind: string; name: string; input: ParsedClusterTest },
): Promise<void> {
  if (call.input.credentials !== undefined) throw denied();
  const cluster = await clusterOf(services, org, call.kind, call.name);
  const object = { organization: org.metadata.name, cluster: cluster.metadata.name };
  await assertGrantedForObject(services.store, identity, object, 'cluster:test');
}

/** A cluster of that kind in an organization the caller administers, or 1004 / 9997. */
export async function ownCluster(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  name: string,
  organizationId: string,
): Promise<ClusterObject> {
  return clusterOf(services, organization(services, identity, organizationId), kind, name);
}

/** The organization's cluster of that kind, or 1004. */
async function clusterOf(
  services: ClusterServices,
  org: OrganizationObject,
  kind: string,
  name: string,
): Promise<ClusterObject> {
  const cluster = await services.store.clusters.fetch(name);
  const owner = cluster && organizationOf(cluster, services.store.organizations);
  if (!cluster || owner !== org.metadata.name || cluster.spec.provider !== kind) {
    throw notFound(`cluster ${name}`);
  }
  return cluster;
}

/** Writes a Cluster's credentials Secret (owned by the Cluster), over a leftover of its name. */
export async function writeClusterCredentials(
  services: { store: Pick<ClusterServices['store'], 'secrets'> },
  cluster: ClusterObject,
  credentials: unknown,
): Promise<void> {
  await writeOwnedSecret(
    services.store.secrets,
    { apiVersion, kind: 'Cluster', metadata: cluster.metadata },
    {
      name: cluster.spec.credentialsSecretRef.name,
      data: { [credentialsKey]: JSON.stringify(credentials) },
      labels: { [clusterLabel]: cluster.metadata.name },
    },
  );
}

export async function createCluster(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  input: ParsedClusterInput,
  /** E.g. the member agent a registration by command leaves (clusters/agent/). */
  extra: { annotations?: Record<string, string> } = {},
): Promise<ClusterView> {
  const adapter = adapterFor(services, kind);
  const org = organization(services, identity, input.organizationId);
  assertAcceptsNewMembers(org);
  const credentials = credentialsOf(adapter, input.credentials);
  // Refuses unusable credentials (e.g. a kubeconfig with exec) before anything is stored.
  await services.connector.connect(adapter, input, credentials);
  if (await services.store.clusters.fetch(input.name)) throw alreadyExists(input.name);
  const cluster = await services.store.clusters.create({
    metadata: {
      name: input.name,
      labels: organizationLabels(org),
      annotations: {
        ...extra.annotations,
        [credentialsUpdatedAnnotation]: new Date().toISOString(),
      },
      finalizers: [clusterFinalizer],
    },
    spec: {
      provider: adapter.kind,
      region: input.region,
      ...(input.vendorClusterId ? { vendorClusterId: input.vendorClusterId } : {}),
      ...(input.vendorProjectId ? { vendorProjectId: input.vendorProjectId } : {}),
      credentialsSecretRef: { name: secretName(input.name), namespace: services.store.namespace },
    },
  });
  try {
    await writeClusterCredentials(services, cluster, credentials);
  } catch (error) {
    await services.store.clusters.delete(cluster.metadata.name);
    throw error;
  }
  return toClusterView(cluster, org);
}

export async function updateCluster(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  name: string,
  input: ParsedClusterUpdate,
): Promise<ClusterView> {
  const adapter = adapterFor(services, kind);
  const org = organization(services, identity, input.organizationId);
  const current = await clusterOf(services, org, kind, name);
  const newCredentials =
    input.credentials === undefined ? undefined : credentialsOf(adapter, input.credentials);
  if (newCredentials !== undefined) {
    await services.connector.connect(adapter, input, newCredentials);
  }
  const credentialsUpdated = newCredentials === undefined ? undefined : new Date().toISOString();
  // modify reads the hub's copy: the health controller's status writes change the
  // resourceVersion too, and the cache may not have seen the latest yet.
  const updated = await services.store.clusters.modify(
    name,
    (spec) => ({
      ...spec,
      region: input.region,
      vendorClusterId: input.vendorClusterId,
      vendorProjectId: input.vendorProjectId,
    }),
    {
      // The Cluster checked above: one of the same name made since is another's.
      uid: current.metadata.uid,
      // Stamped as on create, so a Cluster first written with kubectl carries its
      // organization's uid from then on (access/org-scope.ts ownershipOf).
      labels: organizationLabels(org),
      ...(credentialsUpdated
        ? { annotations: { [credentialsUpdatedAnnotation]: credentialsUpdated } }
        : {}),
    },
  );
  if (newCredentials !== undefined)
    await writeClusterCredentials(services, updated, newCredentials);
  return toClusterView(updated, org);
}

export async function deleteCluster(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  name: string,
  organizationId: string,
): Promise<{ name: string }> {
  const org = organization(services, identity, organizationId);
  const cluster = await clusterOf(services, org, kind, name);
  // The finalizer runs here at once, so the call answers once everything naming the cluster is
  // gone; should it fail half-way, the cluster lifecycle controller finishes it.
  await ensureClusterFinalizer(services.store, cluster);
  if (await services.store.clusters.delete(name)) {
    const terminating = await services.store.clusters.fetch(name);
    if (terminating?.metadata.uid === cluster.metadata.uid) {
      await finalizeCluster(services, terminating);
    }
  }
  // The owner reference would let the garbage collector do this; deleting now leaves no window.
  await services.store.secrets.delete(cluster.spec.credentialsSecretRef.name);
  return { name };
}

/**
 * The member as the connection test reaches it, with the registration's own identity: the unsaved
 * configuration when credentials are given (the wizard), else the stored one.
 */
export async function memberForTest(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  name: string,
  input: ParsedClusterTest,
): Promise<MemberCalls> {
  const adapter = adapterFor(services, kind);
  const org = addressedOrganization(
    services.store.organizations,
    identity,
    input.organizationId,
    everyone,
  );
  if (!isAdminOf(identity, org.metadata.name)) {
    await assertMemberTests(services, identity, org, { kind, name, input });
  }
  if (input.credentials === undefined) {
    return services.connector.for(await clusterOf(services, org, kind, name), 'operator');
  }
  const stored = await services.store.clusters.fetch(name);
  if (stored) await clusterOf(services, org, kind, name);
  const target = { ...stored?.spec, ...input, region: input.region ?? stored?.spec.region ?? '' };
  return services.connector.connect(adapter, target, credentialsOf(adapter, input.credentials));
}

/** Builds the connection and asks GET /version with the member deadline. */
export async function testCluster(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  name: string,
  input: ParsedClusterTest,
): Promise<{ kubernetesVersion: string }> {
  const member = await memberForTest(services, identity, kind, name, input);
  try {
    return { kubernetesVersion: await fetchVersion(member) };
  } catch (error) {
    if (!(error instanceof MemberCallError)) throw error;
    throw new ApiError(errors.clusterUnreachable, {
      message: `cluster is unreachable: ${error.message}`,
      cause: error,
    });
  }
}
