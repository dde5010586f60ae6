import type { RbacRule } from './catalogue.js';
import { findPermission } from './catalogue.js';

const verbOrder = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];

function sortVerbs(verbs: Iterable<string>): string[] {
  const rank = (verb: string) => {
    const index = verbOrder.indexOf(verb);
    return index === -1 ? verbOrder.length : index;
  };
  return [...new Set(verbs)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The Kubernetes RBAC rules that grant exactly the given (allowed) console permissions, merged
 * so each apiGroup/resource appears once and resources with the same verbs share a rule. RBAC
 * cannot deny, so callers pass the effective allow set (deny already subtracted). Unknown names
 * grant nothing.
 */
export function rbacRulesFor(permissions: Iterable<string>): RbacRule[] {
  const verbsByResource = new Map<string, Set<string>>();
  for (const name of permissions) {
    for (const r of findPermission(name)?.rules ?? []) {
      for (const apiGroup of r.apiGroups) {
        for (const resource of r.resources) {
          const key = `${apiGroup}\u0000${resource}`;
          const verbs = verbsByResource.get(key) ?? new Set<string>();
          r.verbs.forEach((verb) => verbs.add(verb));
          verbsByResource.set(key, verbs);
        }
      }
    }
  }
  const rules = new Map<string, RbacRule>();
  for (const [key, verbSet] of [...verbsByResource].sort(([a], [b]) => a.localeCompare(b))) {
    const [apiGroup = '', resource = ''] = key.split('\u0000');
    const verbs = sortVerbs(verbSet);
    const ruleKey = `${apiGroup}\u0000${verbs.join(',')}`;
    const existing = rules.get(ruleKey);
    if (existing) existing.resources.push(resource);
    else rules.set(ruleKey, { apiGroups: [apiGroup], resources: [resource], verbs });
  }
  return [...rules.values()];
}
