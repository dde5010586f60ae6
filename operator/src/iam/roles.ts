import type { ParsedRole, RoleView } from '@nimbus/api';
import { builtInRoleNames } from '../access/built-in-roles.js';
import { permissionNames } from '../access/catalogue.js';
import { denied } from '../access/scope.js';
import type { RoleObject } from '../hub/store.js';
import type { IamCall } from './context.js';
import { createOnce } from './context.js';
import { resolve } from '../hub/directory.js';
import { admins, everyone, organizationLabel, ownedBy } from '../access/org-scope.js';
import { openOrganizationIn, organizationIn } from './organization-in.js';
import type { Page, SortedPageQuery } from './paging.js';
import { listOrder, matchesSearch, paginate } from './paging.js';
import { alreadyExists, invalid, notFound } from '../core/problems.js';
import { toRoleView } from './views.js';
import { storedEffect } from './effects.js';

function roleSpec(body: ParsedRole, org: string) {
  const seen = new Set<string>();
  body.permissions.forEach((permission, index) => {
    if (!permissionNames.has(permission.name)) {
      throw invalid(`permissions.${index}.name`, `unknown permission ${permission.name}`);
    }
    if (seen.has(permission.name)) {
      throw invalid(`permissions.${index}.name`, `${permission.name} is listed twice`);
    }
    seen.add(permission.name);
  });
  return {
    organization: org,
    ...(body.description ? { description: body.description } : {}),
    permissions: body.permissions.map((p) => ({ name: p.name, effect: storedEffect(p.effect) })),
  };
}

export async function createRole(call: IamCall, body: ParsedRole): Promise<RoleView> {
  const org = openOrganizationIn(call, body.organizationId).metadata.name;
  if (builtInRoleNames.has(body.name)) throw alreadyExists(body.name);
  const spec = roleSpec(body, org);
  const role = await createOnce(body.name, () =>
    call.deps.store.roles.create({
      metadata: { name: body.name, labels: { [organizationLabel]: org } },
      spec,
    }),
  );
  return toRoleView(call.deps.store, role);
}

/** Built-in roles belong to everyone and are changed only by the operator itself. */
function editable(role: RoleObject | undefined, org: string, ref: string): RoleObject {
  if (role?.spec.builtIn === true) throw denied();
  return ownedBy(role, org, `role ${ref}`);
}

export async function updateRole(call: IamCall, body: ParsedRole): Promise<RoleView> {
  const org = organizationIn(call, body.organizationId, admins).metadata.name;
  const { store } = call.deps;
  const ref = body.uuid || body.name;
  const existing = editable(resolve(store.roles, ref), org, ref);
  if (existing.metadata.name !== body.name) throw invalid('name', 'cannot be changed');
  const spec = roleSpec(body, org);
  const role = await store.roles.modify(existing.metadata.name, (current) => ({
    ...current,
    ...spec,
    description: body.description ?? '',
  }));
  return toRoleView(store, role);
}

/** The organization's roles and the built-in ones, which every organization may bind. */
export function listRoles(call: IamCall, orgRef: string, query: SortedPageQuery): Page<RoleView> {
  const org = organizationIn(call, orgRef, everyone).metadata.name;
  const { store } = call.deps;
  const roles = store.roles
    .list(
      (r) =>
        (r.spec.builtIn === true || r.spec.organization === org) &&
        matchesSearch(query.search, r.metadata.name, r.spec.description),
    )
    // Built-in roles first, as the role form offers them; each part in the order asked for.
    .sort(
      (a, b) =>
        Number(b.spec.builtIn === true) - Number(a.spec.builtIn === true) || listOrder(query)(a, b),
    );
  return paginate(roles, query, (r) => toRoleView(store, r));
}

export async function deleteRole(call: IamCall, orgRef: string, roleRef: string): Promise<null> {
  const org = organizationIn(call, orgRef, admins).metadata.name;
  const role = editable(resolve(call.deps.store.roles, roleRef), org, roleRef);
  if (!(await call.deps.store.roles.delete(role.metadata.name))) throw notFound(`role ${roleRef}`);
  return null;
}
