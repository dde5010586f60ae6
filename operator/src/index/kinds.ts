// The resource kinds the multi-cluster index follows, described once for the watch loops.
export interface IndexedKind {
  /** Stable name used as the `kind` column and in API filters (the plural resource name). */
  name: string;
  group: string;
  version: string;
  plural: string;
  namespaced: boolean;
  /** Only metadata is fetched and stored (Secrets: data never crosses the wire). */
  metadataOnly?: boolean;
}

const core = (plural: string, namespaced: boolean, metadataOnly = false): IndexedKind => ({
  name: plural,
  group: '',
  version: 'v1',
  plural,
  namespaced,
  ...(metadataOnly ? { metadataOnly } : {}),
});

const grouped = (group: string, version: string, plural: string, namespaced = true) => ({
  name: plural,
  group,
  version,
  plural,
  namespaced,
});

export const indexedKinds: readonly IndexedKind[] = [
  core('namespaces', false),
  core('nodes', false),
  core('pods', true),
  grouped('apps', 'v1', 'deployments'),
  grouped('apps', 'v1', 'statefulsets'),
  grouped('apps', 'v1', 'daemonsets'),
  grouped('batch', 'v1', 'cronjobs'),
  grouped('batch', 'v1', 'jobs'),
  core('services', true),
  grouped('networking.k8s.io', 'v1', 'ingresses'),
  core('configmaps', true),
  core('secrets', true, true),
  core('persistentvolumes', false),
  core('persistentvolumeclaims', true),
  grouped('storage.k8s.io', 'v1', 'storageclasses', false),
  core('events', true),
];

export function findIndexedKind(name: string): IndexedKind | undefined {
  return indexedKinds.find((kind) => kind.name === name);
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
