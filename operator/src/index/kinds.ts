// The resource kinds the multi-cluster index follows (the shared kind table's indexed kinds), as
// the watch loops use them.
import {
  indexedDeclarations,
  kindCollectionPath,
  kindDeclarations,
  type KindDeclaration,
} from '@nimbus/api/shared';

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

/** The index's view of the shared kind table's indexed kinds, in its order. */
export function indexedKindsOf(table: readonly KindDeclaration[]): IndexedKind[] {
  return indexedDeclarations(table).map((declaration) => ({
    name: declaration.plural,
    kind: declaration.kind,
    group: declaration.group,
    version: declaration.version,
    plural: declaration.plural,
    namespaced: declaration.namespaced,
    ...(declaration.index === 'metadata' ? { metadataOnly: true } : {}),
  }));
}

export const indexedKinds: readonly IndexedKind[] = indexedKindsOf(kindDeclarations);

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
  return kindCollectionPath(kind);
}

export const jsonAccept = 'application/json';
export const metadataListAccept =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
export const metadataWatchAccept = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';
