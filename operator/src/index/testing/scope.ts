// Index scopes for unit tests: a caller who may list every indexed kind.
import { indexedKinds } from '../kinds.js';
import type { ClusterScope } from '../../access/caller-scope.js';

export const everyKind: readonly string[] = indexedKinds.map((kind) => kind.name);

/** Whole clusters, or with `namespaces` a namespace-limited caller, listing every kind. */
export function everyKindIn(cluster: string, namespaces?: readonly string[]): ClusterScope {
  return { cluster, kinds: everyKind, ...(namespaces ? { namespaces } : {}) };
}
