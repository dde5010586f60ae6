// Where a workload lives on a member's API server, and the Kind its collection holds.
import type { WorkloadKind } from '@nimbus/api/shared';
import { declarationOfPlural, kindCollectionPath, type KindDeclaration } from '@nimbus/api/shared';

const declarationOf = (kind: WorkloadKind): KindDeclaration => {
  const declaration = declarationOfPlural(kind);
  if (!declaration) throw new Error(`${kind} is missing from the kind table`);
  return declaration;
};

/** The Kind a workload collection holds (`Deployment` for `deployments`). */
export const kindNameOf = (kind: WorkloadKind): string => declarationOf(kind).kind;

export const mergePatch = 'application/merge-patch+json';
export const strategicMergePatch = 'application/strategic-merge-patch+json';
export const jsonPatch = 'application/json-patch+json';

/** The collection of `plural` (any kind) in `namespace` below `groupPath`, e.g. /api/v1. */
export function collectionIn(groupPath: string, namespace: string, plural: string): string {
  return `${groupPath}/namespaces/${encodeURIComponent(namespace)}/${plural}`;
}

export function workloadPath(kind: WorkloadKind, namespace: string, name: string): string {
  return `${kindCollectionPath(declarationOf(kind), namespace)}/${encodeURIComponent(name)}`;
}
