// Which REST collection a kubectl resource type names (`users.nimbus.io`, `pvc`, `lease`), from
// the API server's aggregated discovery, as kubectl resolves it. A type it cannot place on
// exactly one collection is left to kubectl itself.
import { kubeRequest, type KubeAccess } from './request.js';

export interface RestResource {
  group: string;
  version: string;
  resource: string;
  kind: string;
  /** The singular name kubectl prints (`user.nimbus.io "x" deleted`). */
  singular: string;
  namespaced: boolean;
  /** Plural, singular, short names and kind, lower case: what kubectl accepts for it. */
  names: string[];
}

interface DiscoveryList {
  items?: Array<{
    metadata: { name?: string };
    versions?: Array<{
      version: string;
      resources?: Array<{
        resource: string;
        singularResource?: string;
        shortNames?: string[];
        scope: 'Namespaced' | 'Cluster';
        responseKind?: { kind: string };
      }>;
    }>;
  }>;
}

const aggregated = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
const byServer = new Map<string, RestResource[]>();

function discover(access: KubeAccess): RestResource[] | undefined {
  const resources: RestResource[] = [];
  for (const path of ['/api', '/apis']) {
    const response = kubeRequest(access, 'GET', path, { accept: aggregated });
    if (response.status !== 200) return undefined;
    const list = JSON.parse(response.body) as DiscoveryList;
    if (!Array.isArray(list.items)) return undefined;
    for (const group of list.items) {
      // The first version listed is the group's preferred one, which kubectl uses.
      const preferred = group.versions?.[0];
      if (!preferred) continue;
      for (const found of preferred.resources ?? []) {
        const kind = found.responseKind?.kind;
        if (!kind) continue;
        resources.push({
          group: group.metadata.name ?? '',
          version: preferred.version,
          resource: found.resource,
          kind,
          singular: found.singularResource || kind.toLowerCase(),
          namespaced: found.scope === 'Namespaced',
          names: [
            found.resource,
            ...(found.singularResource ? [found.singularResource] : []),
            ...(found.shortNames ?? []),
            kind.toLowerCase(),
          ],
        });
      }
    }
  }
  return resources;
}

/** The one collection `type` names on the server, or undefined. */
export function resolveType(access: KubeAccess, type: string): RestResource | undefined {
  const wanted = type.toLowerCase();
  return lookUp(access, (resources) => pick(resources, wanted));
}

/** The collection of a manifest's apiVersion and kind, in that version. */
export function resourceOf(
  access: KubeAccess,
  apiVersion: string,
  kind: string,
): RestResource | undefined {
  return lookUp(access, (resources) => {
    const found = resources.filter((r) => apiVersionOf(r) === apiVersion && r.kind === kind);
    return found.length === 1 ? found[0] : undefined;
  });
}

function lookUp(
  access: KubeAccess,
  find: (resources: RestResource[]) => RestResource | undefined,
): RestResource | undefined {
  for (const fresh of [false, true]) {
    // Not known yet may be a CRD installed since the last look: look once more.
    if (fresh || !byServer.has(access.server)) {
      const resources = discover(access);
      if (!resources) return undefined;
      byServer.set(access.server, resources);
    }
    const match = find(byServer.get(access.server) ?? []);
    if (match) return match;
  }
  return undefined;
}

function pick(resources: RestResource[], wanted: string): RestResource | undefined {
  const qualified = resources.filter((r) =>
    r.names.some(
      (name) => wanted === `${name}.${r.group}` || wanted === `${name}.${r.version}.${r.group}`,
    ),
  );
  if (qualified.length === 1) return qualified[0];
  if (qualified.length > 1) return undefined;
  const plain = resources.filter((r) => r.names.includes(wanted));
  if (plain.length === 1) return plain[0];
  // kubectl puts the core group first; any other tie is its to settle.
  const core = plain.filter((r) => r.group === '');
  return core.length === 1 ? core[0] : undefined;
}

/** The collection's path, in `namespace` when it is namespaced and one is given. */
export function collectionPath(resource: RestResource, namespace: string | undefined): string {
  const base = resource.group
    ? `/apis/${resource.group}/${resource.version}`
    : `/api/${resource.version}`;
  const scope =
    resource.namespaced && namespace !== undefined
      ? `/namespaces/${encodeURIComponent(namespace)}`
      : '';
  return `${base}${scope}/${resource.resource}`;
}

/** The apiVersion objects of the collection carry. */
export function apiVersionOf(resource: RestResource): string {
  return resource.group ? `${resource.group}/${resource.version}` : resource.version;
}
