// Where one object of an indexed kind lives on a member's API server.
import { kindCollectionPath } from '@nimbus/api/shared';
import type { IndexedKind } from '../../index/kinds.js';
import { metadataWatchAccept } from '../../index/kinds.js';

export function objectPath(kind: IndexedKind, name: string, namespace?: string): string {
  return `${kindCollectionPath(kind, namespace)}/${encodeURIComponent(name)}`;
}

/** Metadata-only kinds (Secrets) are read as PartialObjectMetadata: their data never travels. */
export function readHeaders(kind: IndexedKind): Record<string, string> {
  return kind.metadataOnly ? { accept: metadataWatchAccept } : {};
}
