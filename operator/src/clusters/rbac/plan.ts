import { isDeepStrictEqual } from 'node:util';
import type { MemberRbac } from './desired-state.js';
import { removableBy } from './ownership.js';
import type { ExistingRbacObject, RbacPlural } from './member-rbac-api.js';

// The API server returns `rules: null` for an empty list and may order keys differently.
const normalized = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? [])) as unknown;
function unchanged(existing: ExistingRbacObject | undefined, desired: object): boolean {
  if (!existing) return false;
  const fields = ['rules', 'roleRef', 'subjects'] as const;
  return fields.every(
    (field) =>
      !(field in desired) ||
      isDeepStrictEqual(
        normalized(existing[field]),
        normalized((desired as Record<string, unknown>)[field]),
      ),
  );
}

export interface Plan {
  revoke: Array<[RbacPlural, string]>;
  /** Bindings that lose a subject: written before anything grants, like the deletions. */
  narrow: MemberRbac['clusterRoleBindings'];
  roles: MemberRbac['clusterRoles'];
  bindings: MemberRbac['clusterRoleBindings'];
  cleanup: Array<[RbacPlural, string]>;
}

/**
 * What to change in a member to reach one registration's desired RBAC: pure, from what the
 * member holds (every object labelled managed-by nimbus). Only this registration's own objects
 * (and those of the old, shared layout) are ever removed; other registrations' are left alone.
 */
export function plan(
  desired: MemberRbac,
  clusterUid: string,
  roles: ExistingRbacObject[],
  bindings: ExistingRbacObject[],
): Plan {
  const removable = removableBy(clusterUid);
  const stale = (existing: ExistingRbacObject[], wanted: Array<{ metadata: { name: string } }>) => {
    const names = new Set(wanted.map((o) => o.metadata.name));
    return existing
      .filter((o) => removable(o) && !names.has(o.metadata.name))
      .map((o) => o.metadata.name);
  };
  const byName = (list: ExistingRbacObject[]) => new Map(list.map((o) => [o.metadata.name, o]));
  const roleByName = byName(roles);
  const bindingByName = byName(bindings);
  const changed = desired.clusterRoleBindings.filter(
    (b) => !unchanged(bindingByName.get(b.metadata.name), b),
  );
  const losesSubject = (b: MemberRbac['clusterRoleBindings'][number]) => {
    const kept = new Set(b.subjects.map((s) => s.name));
    const before = (bindingByName.get(b.metadata.name)?.subjects ?? []) as Array<{ name?: string }>;
    return before.some((s) => !kept.has(s.name ?? ''));
  };
  return {
    revoke: stale(bindings, desired.clusterRoleBindings).map((n) => ['clusterrolebindings', n]),
    narrow: changed.filter(losesSubject),
    roles: desired.clusterRoles.filter((r) => !unchanged(roleByName.get(r.metadata.name), r)),
    bindings: changed.filter((b) => !losesSubject(b)),
    cleanup: stale(roles, desired.clusterRoles).map((n) => ['clusterroles', n]),
  };
}

export function changeCount(steps: Plan): number {
  return (
    steps.revoke.length +
    steps.narrow.length +
    steps.roles.length +
    steps.bindings.length +
    steps.cleanup.length
  );
}
