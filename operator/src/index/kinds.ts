// The resource kinds the multi-cluster index follows, described once for the watch loops.
export interface IndexedKind {
  /** Stable name used as the `kind` column and in API filters (the plural resource name). */
  name: string;
  /** The Kubernetes Kind, e.g. `Pod`: what the console's routes and favourites name. */
  kind: string;
  group: string;
  version: string;
  plural: string;
  namespaced: boolean;
  /** Only metadata is fetched and stored (Secrets: data never crosses the wire). */
  metadataOnly?: boolean;
}

const core = (
  kind: string,
  plural: string,
  namespaced: boolean,
  metadataOnly = false,
): IndexedKind => ({
  name: plural,
  kind,
  group: '',
  version: 'v1',
  plural,
  namespaced,
  ...(metadataOnly ? { metadataOnly } : {}),
});

const grouped = (
  kind: string,
  group: string,
  version: string,
  plural: string,
  namespaced = true,
): IndexedKind => ({
  name: plural,
  kind,
  group,
  version,
  plural,
  namespaced,
});

export const indexedKinds: readonly IndexedKind[] = [
  core('Namespace', 'namespaces', false),
  core('Node', 'nodes', false),
  core('Pod', 'pods', true),
  grouped('Deployment', 'apps', 'v1', 'deployments'),
  grouped('StatefulSet', 'apps', 'v1', 'statefulsets'),
  grouped('DaemonSet', 'apps', 'v1', 'daemonsets'),
  grouped('CronJob', 'batch', 'v1', 'cronjobs'),
  grouped('Job', 'batch', 'v1', 'jobs'),
  core('Service', 'services', true),
  grouped('Ingress', 'networking.k8s.io', 'v1', 'ingresses'),
  core('ConfigMap', 'configmaps', true),
  core('Secret', 'secrets', true, true),
  core('PersistentVolume', 'persistentvolumes', false),
  core('PersistentVolumeClaim', 'persistentvolumeclaims', true),
  grouped('StorageClass', 'storage.k8s.io', 'v1', 'storageclasses', false),
  core('Event', 'events', true),
];

export function findIndexedKind(name: string): IndexedKind | undefined {
  return indexedKinds.find((kind) => kind.name === name);
}

/** The kind a favourite's or route's type names: the Kind (`Pod`) or the plural, any case. */
export function indexedKindOfType(type: string): IndexedKind | undefined {
  const lower = type.toLowerCase();
  return indexedKinds.find((kind) => kind.kind.toLowerCase() === lower || kind.name === lower);
}

/** Collection path across all namespaces, e.g. `/apis/apps/v1/deployments`. */
export function collectionPath(kind: IndexedKind): string {
  const base = kind.group === '' ? `/api/${kind.version}` : `/apis/${kind.group}/${kind.version}`;
  return `${base}/${kind.plural}`;
}

export const jsonAccept = 'application/json';
export const metadataListAccept =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
export const metadataWatchAccept = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';
