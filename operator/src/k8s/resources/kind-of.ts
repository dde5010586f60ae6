import { invalid } from '../../core/problems.js';
import type { IndexedKind } from '../../index/kinds.js';
import { findIndexedKind } from '../../index/kinds.js';

/** The indexed kind a path or body names by its plural; unknown kinds are a validation error. */
export function kindOf(name: string, field = 'kind'): IndexedKind {
  const kind = findIndexedKind(name);
  if (!kind) throw invalid(field, `unknown resource kind ${name}`);
  return kind;
}

/** Namespaced kinds need the namespace; cluster-scoped kinds ignore one. */
export function namespaceFor(kind: IndexedKind, namespace: string | undefined): string | undefined {
  if (!kind.namespaced) return undefined;
  if (namespace === undefined) throw invalid('namespace', `Required for ${kind.name}`);
  return namespace;
}
