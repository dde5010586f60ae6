import type { GroupView, ParsedGroup } from '@nimbus/api';
import type { Allow } from '../access/policy.js';
import type { UserGroupObject } from '../hub/store.js';
import type { IamCall } from './context.js';
import { createOnce } from './context.js';
import type { IamReader } from '../hub/directory.js';
import { organizationsOf, resolve } from '../hub/directory.js';
import { assertGroupBindings } from './cluster-bindings.js';
import { toBindings, visibleOrganizations } from './grants.js';
import { admins, everyone, organizationLabel, ownedBy } from '../access/org-scope.js';
import { openOrganizationIn, organizationIn } from './organization-in.js';
import type { BoundPageQuery, Page } from './paging.js';
import { boundTo, listOrder, matchesSearch, paginate } from './paging.js';
import { invalid, notFound } from '../core/problems.js';
import { toGroupView } from './views.js';

/** Member names for user ids (uuid or name); each must be a member of the organization. */
function memberNames(reader: IamReader, ids: readonly string[], org: string): string[] {
  return [
    ...new Set(
      ids.map((id, index) => {
        const user = resolve(reader.users, id);
        if (!user || !organizationsOf(user).includes(org)) {
          throw invalid(`userIds.${index}`, `user ${id} is not a member of ${org}`);
        }
        return user.metadata.name;
      }),
    ),
  ];
}

function groupSpec(call: IamCall, body: ParsedGroup, org: string) {
  const { store } = call.deps;
  const bindings = toBindings(store, body.providers, visibleOrganizations(call.identity));
  assertGroupBindings(store, call.identity, bindings, org);
  return {
    organization: org,
    ...(body.description ? { description: body.description } : {}),
    members: memberNames(store, body.userIds, org),
    clusterPermissions: bindings,
  };
}

export async function createGroup(call: IamCall, body: ParsedGroup): Promise<GroupView> {
  const org = openOrganizationIn(call, body.organizationId).metadata.name;
  const spec = groupSpec(call, body, org);
  const group = await createOnce(body.name, () =>
    call.deps.store.userGroups.create({
      metadata: { name: body.name, labels: { [organizationLabel]: org } },
      spec,
    }),
  );
  return toGroupView(call.deps.store, group);
}

export async function updateGroup(call: IamCall, body: ParsedGroup): Promise<GroupView> {
  const org = organizationIn(call, body.organizationId, admins).metadata.name;
  const { store } = call.deps;
  const existing = ownedBy(
    resolve(store.userGroups, body.uuid || body.name),
    org,
    `user group ${body.uuid || body.name}`,
  );
  if (existing.metadata.name !== body.name) throw invalid('name', 'cannot be changed');
  const spec = groupSpec(call, body, org);
  const group = await store.userGroups.modify(existing.metadata.name, (current) => ({
    ...current,
    ...spec,
    description: body.description ?? '',
  }));
  return toGroupView(store, group);
}

export function listGroups(call: IamCall, orgRef: string, query: BoundPageQuery): Page<GroupView> {
  const org = organizationIn(call, orgRef, everyone).metadata.name;
  const { store } = call.deps;
  const groups = store.userGroups
    .list(
      (g) =>
        g.spec.organization === org &&
        matchesSearch(query.search, g.metadata.name, g.spec.description),
    )
    .sort(listOrder(query))
    .map((g) => toGroupView(store, g))
    .filter((view) => boundTo(query.cluster, view.providers));
  return paginate(groups, query);
}

function groupIn(call: IamCall, orgRef: string, groupRef: string, allow: Allow = everyone) {
  const org = organizationIn(call, orgRef, allow).metadata.name;
  const group: UserGroupObject | undefined = resolve(call.deps.store.userGroups, groupRef);
  return ownedBy(group, org, `user group ${groupRef}`);
}

export function getGroup(call: IamCall, orgRef: string, groupRef: string): GroupView {
  return toGroupView(call.deps.store, groupIn(call, orgRef, groupRef));
}

export async function deleteGroup(call: IamCall, orgRef: string, groupRef: string): Promise<null> {
  const group = groupIn(call, orgRef, groupRef, admins);
  if (!(await call.deps.store.userGroups.delete(group.metadata.name))) {
    throw notFound(`user group ${groupRef}`);
  }
  return null;
}
