import type {
  OrgView,
  ParsedCreateOrganization,
  ParsedUpdateOrganization,
  UserOrganizations,
} from '@nimbus/api';
import { denied, isSelf } from '../access/scope.js';
import type { IamCall } from './context.js';
import { createOnce } from './context.js';
import type { OrganizationObject } from '../hub/store.js';
import type { LifecycleStore } from './org-lifecycle.js';
import {
  assertNothingBlocks,
  ensureFinalizer,
  finalizeOrganization,
  organizationFinalizer,
} from './org-lifecycle.js';
import { admins } from '../access/org-scope.js';
import { organizationIn } from './organization-in.js';
import { byName, matchesSearch } from './paging.js';
import { ApiError, errors } from '../core/errors.js';
import { notFound } from '../core/problems.js';
import { toOrgView } from './views.js';

function editableFields(body: ParsedCreateOrganization | ParsedUpdateOrganization) {
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
export async function createOrganization(
  call: IamCall,
  body: ParsedCreateOrganization,
): Promise<OrgView> {
  const { store } = call.deps;
  const org = await createOnce(body.name, () =>
    store.organizations.create({
      metadata: { name: body.name, finalizers: [organizationFinalizer] },
      spec: editableFields(body),
    }),
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
    await deleteNow(store, org);
    throw error;
  }
  return toOrgView(org, true);
}

export async function updateOrganization(
  call: IamCall,
  body: ParsedUpdateOrganization,
): Promise<OrgView> {
  const org = organizationIn(call, body.uuid, admins);
  const updated = await call.deps.store.organizations.modify(org.metadata.name, (spec) => ({
    ...spec,
    ...editableFields(body),
  }));
  return toOrgView(updated, true);
}

/**
 * Marks the organization Terminating and runs its finalizer at once, so the API answers when it
 * is gone; should that fail half-way, the IAM controller finishes it.
 */
async function deleteNow(store: LifecycleStore, org: OrganizationObject): Promise<void> {
  const name = org.metadata.name;
  await ensureFinalizer(store, org);
  if (!(await store.organizations.delete(name))) return;
  const terminating = await store.organizations.fetch(name);
  if (!terminating || terminating.metadata.uid !== org.metadata.uid) return;
  const result = await finalizeOrganization(store, terminating);
  if (result.state === 'blocked') {
    throw new ApiError(errors.organizationInUse, { message: result.message });
  }
}

/**
 * Deletes an organization with its user groups and roles, and removes it from its members;
 * refused (1020) while clusters or registries belong to it. The same finalizer runs for
 * `kubectl delete` (org-lifecycle.ts), so both paths behave alike. A refusal leaves an
 * organization that was not Terminating untouched; one that is Terminating (deleted with kubectl,
 * or marked by this call after a cluster slipped in between the check and the delete) is answered
 * 1020 saying so, as its Ready condition does.
 */
export async function deleteOrganization(call: IamCall, orgRef: string): Promise<null> {
  const { store } = call.deps;
  const org = organizationIn(call, orgRef, admins);
  await assertNothingBlocks(store, org);
  await deleteNow(store, org);
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
): Promise<UserOrganizations> {
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
