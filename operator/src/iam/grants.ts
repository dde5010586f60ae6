import { adminOrganizations, denied } from '../access/scope.js';
import type { Identity } from '../identity/identity.js';
import type { RoleObject } from '../hub/store.js';
import type { IamReader } from './directory.js';
import { resolve } from './directory.js';
import { invalid } from './problems.js';
import type { ProviderInput } from './schemas.js';

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
  inputs: readonly ProviderInput[],
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

/**
 * A caller may grant only what they hold: built-in roles, and roles of organizations they
 * administer (`grantable`, 9997 otherwise). A role of an organization outside `usable` (the
 * organizations of whoever receives the binding) would never apply and is a validation error.
 */
export function assertGrantable(
  reader: IamReader,
  bindings: readonly Binding[],
  usable: ReadonlySet<string>,
  grantable: ReadonlySet<string>,
): void {
  bindings.forEach((binding, index) => {
    const role = reader.roles.get(binding.role);
    const org = role ? roleOrganization(role) : undefined;
    if (org === undefined) return;
    if (!usable.has(org)) {
      throw invalid(
        `providers.${index}.roleId`,
        `role ${binding.role} belongs to organization ${org}, which the binding cannot use`,
      );
    }
    if (!grantable.has(org)) throw denied();
  });
}

const sameBinding = (a: Binding, b: Binding): boolean =>
  a.cluster === b.cluster && a.role === b.role && a.effect === b.effect;

/**
 * The bindings after an edit by a caller who manages only `grantable` organizations: bindings
 * made with roles of other organizations are not theirs to change; they stay as they are, and
 * an attempt to replace one is refused (9997).
 */
export function mergeBindings(
  reader: IamReader,
  current: readonly Binding[],
  desired: readonly Binding[],
  grantable: ReadonlySet<string>,
): Binding[] {
  const foreign = current.filter((binding) => {
    const role = reader.roles.get(binding.role);
    const org = role ? roleOrganization(role) : undefined;
    return org !== undefined && !grantable.has(org);
  });
  for (const binding of foreign) {
    const replacement = desired.find((d) => d.cluster === binding.cluster);
    if (replacement && !sameBinding(replacement, binding)) throw denied();
  }
  const kept = foreign.filter((f) => !desired.some((d) => d.cluster === f.cluster));
  return [...desired, ...kept].sort((a, b) => a.cluster.localeCompare(b.cluster));
}

export function sameBindings(a: readonly Binding[], b: readonly Binding[]): boolean {
  const key = (list: readonly Binding[]) =>
    list
      .map((x) => `${x.cluster}/${x.role}/${x.effect}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}
