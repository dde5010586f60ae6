// Where one object of an indexed kind lives on a member's API server.
import type { IndexedKind } from '../../index/kinds.js';
import { collectionPath, metadataWatchAccept } from '../../index/kinds.js';

export function objectPath(kind: IndexedKind, name: string, namespace?: string): string {
  const collection = collectionPath(kind);
  const name$ = encodeURIComponent(name);
  if (!kind.namespaced || namespace === undefined) return `${collection}/${name$}`;
  // collectionPath is the all-namespaces form, e.g. /api/v1/pods → /api/v1/namespaces/x/pods.
  const at = collection.lastIndexOf('/');
  const ns = encodeURIComponent(namespace);
  return `${collection.slice(0, at)}/namespaces/${ns}${collection.slice(at)}/${name$}`;
}

/** Metadata-only kinds (Secrets) are read as PartialObjectMetadata: their data never travels. */
export function readHeaders(kind: IndexedKind): Record<string, string> {
  return kind.metadataOnly ? { accept: metadataWatchAccept } : {};
}
