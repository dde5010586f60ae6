import { adminOrganizations } from '../access/scope.js';
import type { Identity } from '../identity/identity.js';
import type { RoleObject } from '../hub/store.js';
import type { IamReader } from '../hub/directory.js';
import { resolve } from '../hub/directory.js';
import { invalid } from '../core/problems.js';
import type { ParsedClusterBinding } from '@nimbus/api';

export interface Binding {
  cluster: string;
  role: string;
  effect: 'Allow' | 'Deny';
}

/** Organizations whose roles and groups the caller may hand out, within `among`. */
export function grantableOrganizations(identity: Identity, among: readonly string[]): Set<string> {
  if (identity.sysAdmin) return new Set(among);
  const adminOf = new Set(adminOrganizations(identity));
  return new Set(among.filter((org) => adminOf.has(org)));
}

function roleOrganization(role: RoleObject): string | undefined {
  return role.spec.builtIn === true ? undefined : role.spec.organization;
}

/**
 * Provider inputs (role by uuid or name) as bindings: roles must exist, one per cluster. Roles of
 * organizations outside `visible` (the caller's; undefined: all) look as if they did not exist,
 * so an id does not reveal another organization's role.
 */
export function toBindings(
  reader: IamReader,
  inputs: readonly ParsedClusterBinding[],
  visible: ReadonlySet<string> | undefined,
): Binding[] {
  const seen = new Set<string>();
  return inputs.map((input, index) => {
    const role = resolve(reader.roles, input.roleId);
    const org = role ? roleOrganization(role) : undefined;
    if (!role || (org !== undefined && visible !== undefined && !visible.has(org))) {
      throw invalid(`providers.${index}.roleId`, `role ${input.roleId} does not exist`);
    }
    if (seen.has(input.cluster)) {
      throw invalid(`providers.${index}.cluster`, `cluster ${input.cluster} is bound twice`);
    }
    seen.add(input.cluster);
    return { cluster: input.cluster, role: role.metadata.name, effect: input.effect };
  });
}

/** The organizations whose objects a caller may see: their own; undefined (all) for system admins. */
export function visibleOrganizations(identity: Identity): Set<string> | undefined {
  return identity.sysAdmin ? undefined : new Set(identity.organizations.map((m) => m.name));
}

export function sameBindings(a: readonly Binding[], b: readonly Binding[]): boolean {
  const key = (list: readonly Binding[]) =>
    list
      .map((x) => `${x.cluster}/${x.role}/${x.effect}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}
