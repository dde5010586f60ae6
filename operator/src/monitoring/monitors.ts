import type { MonitorView, ParsedMonitor } from '@nimbus/api';
import { denied, isAdminOf, membershipIn } from '../access/scope.js';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import { checkOutboundUrl } from '../outbound/policy.js';
import type { MonitorType } from '../crds/cluster.js';
import { monitorTypes } from '../crds/cluster.js';
import type { Monitor } from './monitor-target.js';
import { ApiError, errors } from '../core/errors.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { addressedOrganization, admins, organizationOf } from '../access/org-scope.js';
import { alreadyExists, invalid, notFound } from '../core/problems.js';
import type { Identity } from '../identity/identity.js';

export type { MonitorView };

export interface MonitorServices {
  store: Pick<HubStore, 'clusters' | 'organizations'>;
  /** The operator's outbound policy: the same one member API servers pass. */
  policy: OutboundPolicy;
  resolve?: Resolver;
}

export function monitorId(cluster: string, type: MonitorType): string {
  return `${cluster}.${type.toLowerCase()}`;
}

function toView(cluster: ClusterObject, monitor: Monitor): MonitorView {
  return {
    id: monitorId(cluster.metadata.name, monitor.type),
    providerId: cluster.metadata.name,
    type: monitor.type,
    ...(monitor.service ? { service: monitor.service } : {}),
    ...(monitor.address !== undefined ? { address: monitor.address } : {}),
    enabled: monitor.enabled,
  };
}

/** By name or uid; a cluster outside the caller's organizations is not there for them (1004). */
export async function visibleCluster(
  services: Pick<MonitorServices, 'store'>,
  identity: Identity,
  ref: string,
): Promise<ClusterObject> {
  const clusters = services.store.clusters;
  const cluster = (await clusters.fetch(ref)) ?? clusters.getByUid(ref);
  const org = cluster && organizationOf(cluster, services.store.organizations);
  const visible = identity.sysAdmin || (org !== undefined && membershipIn(identity, org));
  if (!cluster || !visible) throw notFound(`cluster ${ref}`);
  return cluster;
}

/** Why an organization administrator may not set a direct address (docs/decisions/monitor-service-proxy.md). */
export const directAddressMessage =
  'only a system administrator may set a direct monitor address: an address proves nothing about ' +
  "which cluster answers there; name the monitor's Service in this cluster (namespace, name and port) instead";

/**
 * The monitor to store: a Service of the cluster for anyone who may manage it; a direct address
 * only from a system administrator, and only one the outbound policy lets through. Refused
 * input is reported and never stored.
 */
async function monitorOf(
  services: MonitorServices,
  identity: Identity,
  input: ParsedMonitor,
): Promise<Monitor> {
  const { type, enabled } = input;
  if (input.service) return { type, service: input.service, enabled };
  const address = input.address ?? '';
  if (!identity.sysAdmin)
    throw new ApiError(errors.noPermission, { message: directAddressMessage });
  const check = await checkOutboundUrl(address, services.policy, services.resolve, {
    plainHttp: 'private-network',
  });
  if (!check.ok) throw invalid('address', `the address is refused: ${check.reason}`);
  return { type, address, enabled };
}

/**
 * The whole spec with the monitors changed, through modify: the same write updateCluster makes,
 * so both keep each other's fields, and read from the hub, not the cache (the health controller
 * writes a new Cluster's status moments after registration, and a retry on the cache's older
 * resourceVersion conflicted again every time).
 */
function writeMonitors(
  services: MonitorServices,
  name: string,
  change: (monitors: Monitor[]) => Monitor[],
): Promise<ClusterObject> {
  return services.store.clusters.modify(name, (spec, current) => {
    const monitors = change(current.spec.monitors ?? []);
    delete spec.monitors;
    return { ...spec, ...(monitors.length > 0 ? { monitors } : {}) };
  });
}

async function clusterOfOrganization(
  services: MonitorServices,
  identity: Identity,
  input: ParsedMonitor,
): Promise<ClusterObject> {
  const org = addressedOrganization(
    services.store.organizations,
    identity,
    input.organizationId,
    admins,
  );
  const cluster = await visibleCluster(services, identity, input.providerId);
  if (organizationOf(cluster, services.store.organizations) !== org.metadata.name)
    throw notFound(`cluster ${input.providerId}`);
  return cluster;
}

/** POST manage/monitors: a new endpoint; 1005 when the cluster has one of that type. */
export async function createMonitor(
  services: MonitorServices,
  identity: Identity,
  input: ParsedMonitor,
): Promise<MonitorView> {
  const cluster = await clusterOfOrganization(services, identity, input);
  const name = cluster.metadata.name;
  const monitor = await monitorOf(services, identity, input);
  if (cluster.spec.monitors?.some((m) => m.type === input.type)) {
    throw alreadyExists(monitorId(name, input.type));
  }
  const updated = await writeMonitors(services, name, (monitors) => {
    if (monitors.some((m) => m.type === input.type))
      throw alreadyExists(monitorId(name, input.type));
    return [...monitors, monitor];
  });
  return toView(updated, monitor);
}

/** PUT manage/monitors: replaces the service or address and flag of an existing endpoint, else 1004. */
export async function updateMonitor(
  services: MonitorServices,
  identity: Identity,
  input: ParsedMonitor,
): Promise<MonitorView> {
  const cluster = await clusterOfOrganization(services, identity, input);
  const name = cluster.metadata.name;
  const id = monitorId(name, input.type);
  // The refusal of an address comes first: it holds whatever the cluster holds now.
  const monitor = await monitorOf(services, identity, input);
  if (!cluster.spec.monitors?.some((m) => m.type === input.type)) throw notFound(`monitor ${id}`);
  const updated = await writeMonitors(services, name, (monitors) => {
    if (!monitors.some((m) => m.type === input.type)) throw notFound(`monitor ${id}`);
    return monitors.map((m) => (m.type === input.type ? monitor : m));
  });
  return toView(updated, monitor);
}

function parseId(id: string): { cluster: string; type: MonitorType } | undefined {
  const dot = id.lastIndexOf('.');
  const suffix = id.slice(dot + 1);
  const type = monitorTypes.find((t) => t.toLowerCase() === suffix);
  return dot > 0 && type ? { cluster: id.slice(0, dot), type } : undefined;
}

/** DELETE manage/monitors/:id: only an administrator of the cluster's organization. */
export async function deleteMonitor(
  services: MonitorServices,
  identity: Identity,
  id: string,
): Promise<{ id: string }> {
  const parsed = parseId(id);
  if (!parsed) throw notFound(`monitor ${id}`);
  const cluster = await visibleCluster(services, identity, parsed.cluster);
  const owner = organizationOf(cluster, services.store.organizations);
  if (!isAdminOf(identity, owner ?? '')) throw denied();
  const name = cluster.metadata.name;
  const canonical = monitorId(name, parsed.type);
  if (!cluster.spec.monitors?.some((m) => m.type === parsed.type)) {
    throw notFound(`monitor ${canonical}`);
  }
  await writeMonitors(services, name, (monitors) => monitors.filter((m) => m.type !== parsed.type));
  return { id: canonical };
}

/** GET manage/monitors/providers/:id: the endpoints of a cluster the caller can see. */
export async function listMonitors(
  services: MonitorServices,
  identity: Identity,
  providerId: string,
): Promise<{ items: MonitorView[] }> {
  const cluster = await visibleCluster(services, identity, providerId);
  const monitors = [...(cluster.spec.monitors ?? [])].sort(
    (a, b) => monitorTypes.indexOf(a.type) - monitorTypes.indexOf(b.type),
  );
  return { items: monitors.map((monitor) => toView(cluster, monitor)) };
}
