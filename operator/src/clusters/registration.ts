import type {
  ClusterView,
  ParsedClusterInput,
  ParsedClusterTest,
  ParsedClusterUpdate,
} from '@nimbus/api';
import { apiVersion } from '../crds/kind.js';
import { ApiError, errors } from '../core/errors.js';
import { ownerReference } from '../hub/owner.js';
import type { ClusterObject, HubStore, OrganizationObject } from '../hub/store.js';
import {
  addressedOrganization,
  admins,
  assertAcceptsNewMembers,
  organizationLabels,
  organizationOf,
} from '../iam/org-scope.js';
import { alreadyExists, notFound, parseRequest } from '../core/problems.js';
import type { Identity } from '../identity/identity.js';
import type { Logger } from '../logger.js';
import { clusterLabel, credentialsUpdatedAnnotation, toClusterView } from './cluster-view.js';
import type { ClusterConnector } from './connector.js';
import { credentialsKey } from './connector.js';
import { MemberCallError } from './member-client.js';
import { fetchVersion } from './probe.js';
import type { ProviderRegistry } from './providers/registry.js';
import type { ProviderAdapter } from './providers/types.js';
import { clusterFinalizer, ensureClusterFinalizer, finalizeCluster } from './lifecycle.js';
import type { OutboundPolicy, Resolver } from './ssrf-policy.js';

export interface ClusterServices {
  store: Pick<
    HubStore,
    'clusters' | 'secrets' | 'organizations' | 'namespace' | 'users' | 'userGroups' | 'favourites'
  >;
  registry: ProviderRegistry;
  connector: ClusterConnector;
  /** The outbound (SSRF) policy for other URLs users give, e.g. monitoring endpoints. */
  policy?: OutboundPolicy;
  resolve?: Resolver;
  /** Deadline of each member call made while deleting a cluster. */
  memberTimeoutMs?: number;
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

/** The organization's cluster of that kind, or 1004. */
async function ownCluster(
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

async function writeSecret(
  services: ClusterServices,
  cluster: ClusterObject,
  credentials: unknown,
): Promise<void> {
  const write = {
    name: cluster.spec.credentialsSecretRef.name,
    data: { [credentialsKey]: JSON.stringify(credentials) },
    labels: { [clusterLabel]: cluster.metadata.name },
    owner: ownerReference({ apiVersion, kind: 'Cluster', metadata: cluster.metadata }),
  };
  try {
    await services.store.secrets.create(write);
  } catch (error) {
    // Left over from an earlier cluster of that name that the garbage collector has not removed.
    if (!(error instanceof ApiError) || error.entry !== errors.conflict) throw error;
    await services.store.secrets.replace(write);
  }
}

export async function createCluster(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  input: ParsedClusterInput,
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
      annotations: { [credentialsUpdatedAnnotation]: new Date().toISOString() },
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
    await writeSecret(services, cluster, credentials);
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
  const current = await ownCluster(services, org, kind, name);
  const newCredentials =
    input.credentials === undefined ? undefined : credentialsOf(adapter, input.credentials);
  if (newCredentials !== undefined) {
    await services.connector.connect(adapter, input, newCredentials);
  }
  const annotations = { ...current.metadata.annotations };
  if (newCredentials !== undefined) {
    annotations[credentialsUpdatedAnnotation] = new Date().toISOString();
  }
  const updated = await services.store.clusters.apply({
    metadata: {
      name,
      resourceVersion: current.metadata.resourceVersion,
      labels: organizationLabels(org),
      annotations,
      ...(current.metadata.ownerReferences
        ? { ownerReferences: current.metadata.ownerReferences }
        : {}),
    },
    spec: {
      ...current.spec,
      region: input.region,
      vendorClusterId: input.vendorClusterId,
      vendorProjectId: input.vendorProjectId,
    },
  });
  if (newCredentials !== undefined) await writeSecret(services, updated, newCredentials);
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
  const cluster = await ownCluster(services, org, kind, name);
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

/** Builds the connection and asks GET /version with the member deadline. */
export async function testCluster(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  name: string,
  input: ParsedClusterTest,
): Promise<{ kubernetesVersion: string }> {
  const adapter = adapterFor(services, kind);
  const org = organization(services, identity, input.organizationId);
  let member;
  if (input.credentials !== undefined) {
    const stored = await services.store.clusters.fetch(name);
    if (stored) await ownCluster(services, org, kind, name);
    const target = { ...stored?.spec, ...input, region: input.region ?? stored?.spec.region ?? '' };
    member = await services.connector.connect(
      adapter,
      target,
      credentialsOf(adapter, input.credentials),
    );
  } else {
    member = await services.connector.forCluster(await ownCluster(services, org, kind, name));
  }
  try {
    return { kubernetesVersion: await fetchVersion(member.asOperator()) };
  } catch (error) {
    if (!(error instanceof MemberCallError)) throw error;
    throw new ApiError(errors.clusterUnreachable, {
      message: `cluster is unreachable: ${error.message}`,
      cause: error,
    });
  }
}
