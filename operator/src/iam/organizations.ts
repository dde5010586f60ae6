import { denied, isSelf } from '../access/scope.js';
import type { IamCall } from './context.js';
import { createOnce } from './context.js';
import { admins, organizationIn } from './org-scope.js';
import { byName, matchesSearch } from './paging.js';
import { notFound, parseRequest } from './problems.js';
import type { CreateOrganizationBody, UpdateOrganizationBody } from './schemas.js';
import { createOrganizationBody, updateOrganizationBody } from './schemas.js';
import type { OrgView } from './views.js';
import { toOrgView } from './views.js';

function editableFields(body: CreateOrganizationBody | UpdateOrganizationBody) {
  return {
    cnName: body.cnName,
    contact: body.contact,
    email: body.email,
    description: body.description ?? '',
    monitorKey: body.monitorKey ?? '',
    monitorValue: body.monitorValue ?? '',
  };
}

/** Any signed-in user may create an organization and becomes its administrator. */
export async function createOrganization(call: IamCall, input: unknown): Promise<OrgView> {
  const body = parseRequest(createOrganizationBody, input);
  const { store } = call.deps;
  const org = await createOnce(body.name, () =>
    store.organizations.create({ metadata: { name: body.name }, spec: editableFields(body) }),
  );
  try {
    await store.users.modify(call.identity.userName, (spec) => ({
      ...spec,
      organizations: [
        ...(spec.organizations ?? []).filter((m) => m.name !== body.name),
        { name: body.name, admin: true },
      ],
    }));
  } catch (error) {
    await store.organizations.delete(body.name);
    throw error;
  }
  return toOrgView(org, true);
}

export async function updateOrganization(call: IamCall, input: unknown): Promise<OrgView> {
  const body = parseRequest(updateOrganizationBody, input);
  const org = organizationIn(call, body.uuid, admins);
  const updated = await call.deps.store.organizations.modify(org.metadata.name, (spec) => ({
    ...spec,
    ...editableFields(body),
  }));
  return toOrgView(updated, true);
}

/**
 * Deletes an organization with its user groups and roles, and removes it from its members.
 * Dependents go first, so a failure half-way leaves the organization to retry the delete.
 */
export async function deleteOrganization(call: IamCall, orgRef: string): Promise<null> {
  const { store } = call.deps;
  const name = organizationIn(call, orgRef, admins).metadata.name;
  for (const group of store.userGroups.list((g) => g.spec.organization === name)) {
    await store.userGroups.delete(group.metadata.name);
  }
  for (const role of store.roles.list((r) => r.spec.organization === name)) {
    await store.roles.delete(role.metadata.name);
  }
  const members = store.users.list((u) =>
    (u.spec.organizations ?? []).some((m) => m.name === name),
  );
  for (const member of members) {
    await store.users.modify(member.metadata.name, (spec) => ({
      ...spec,
      organizations: (spec.organizations ?? []).filter((m) => m.name !== name),
    }));
  }
  if (!(await store.organizations.delete(name))) throw notFound(`organization ${orgRef}`);
  return null;
}

/**
 * GET /user/{userId}/organizations: the caller's own organizations with their admin flag; a
 * system admin, who may act in every organization, gets them all.
 */
export async function listUserOrganizations(
  call: IamCall,
  userRef: string,
  search?: string,
): Promise<{ items: OrgView[]; total: number }> {
  const { store } = call.deps;
  const { identity } = call;
  if (!isSelf(identity, userRef)) throw denied();
  const user = await store.users.fetch(identity.userName);
  if (!user) throw notFound(`user ${userRef}`);
  const admin = new Map((user.spec.organizations ?? []).map((m) => [m.name, m.admin]));
  const orgs = identity.sysAdmin
    ? store.organizations.list()
    : store.organizations.list((org) => admin.has(org.metadata.name));
  const items = orgs
    .filter((org) => matchesSearch(search, org.metadata.name, org.spec.cnName))
    .sort(byName)
    .map((org) => toOrgView(org, identity.sysAdmin || admin.get(org.metadata.name) === true));
  return { items, total: items.length };
}
