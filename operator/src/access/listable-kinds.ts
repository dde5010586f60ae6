// Which indexed kinds a set of console permissions lets a caller list: the same projection that
// writes the member's RBAC (rbacRulesFor), read back as (apiGroup, resource) pairs with `list`.
import { rbacRulesFor } from './rbac.js';
import { indexedDeclarations, type KindDeclaration } from '@nimbus/api/shared';

const pair = (apiGroup: string, resource: string): string => `${apiGroup}\u0000${resource}`;

function listedResources(permissions: Iterable<string>): Set<string> {
  const listed = new Set<string>();
  for (const rule of rbacRulesFor(permissions)) {
    if (!rule.verbs.includes('list') && !rule.verbs.includes('*')) continue;
    for (const apiGroup of rule.apiGroups) {
      for (const resource of rule.resources) listed.add(pair(apiGroup, resource));
    }
  }
  return listed;
}

/**
 * The plurals of the indexed kinds (the index's kind names) whose collection the member lets a
 * holder of exactly these allowed permissions list, in the kind table's order.
 */
export function listableKinds(
  permissions: Iterable<string>,
  kinds: readonly Pick<KindDeclaration, 'group' | 'plural'>[] = indexedDeclarations(),
): string[] {
  const listed = listedResources(permissions);
  return kinds.filter((kind) => listed.has(pair(kind.group, kind.plural))).map((k) => k.plural);
}
