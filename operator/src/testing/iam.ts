import type { OrganizationLookup } from '../access/org-scope.js';
import type {
  ClusterObject,
  OrganizationObject,
  RoleObject,
  UserGroupObject,
  UserObject,
} from '../hub/store.js';
import type { IamReader, Lookup } from '../hub/directory.js';
import type { Identity } from '../identity/identity.js';
import { deriveRole } from '../identity/identity.js';
import { storedEffect } from '../iam/effects.js';

/** Test data for the IAM logic: hub objects as the caches hold them, and callers. */
const meta = (name: string) => ({
  name,
  uid: `uid-${name}`,
  resourceVersion: '1',
  creationTimestamp: '2026-01-01T00:00:00Z',
  generation: 1,
});

type Binding = { cluster: string; role: string; effect: 'Allow' | 'Deny' };

export function orgObject(name: string): OrganizationObject {
  return {
    apiVersion: 'nimbus.io/v1alpha1',
    kind: 'Organization',
    metadata: meta(name),
    spec: { cnName: name, contact: 'Jane', email: `ops@${name}.example` },
  };
}

export function userObject(
  name: string,
  orgs: Record<string, boolean> = {},
  extra: Partial<UserObject['spec']> = {},
): UserObject {
  return {
    apiVersion: 'nimbus.io/v1alpha1',
    kind: 'User',
    metadata: meta(name),
    spec: {
      email: `${name}@example.com`,
      sysAdmin: false,
      mfaEnabled: false,
      organizations: Object.entries(orgs).map(([org, admin]) => ({ name: org, admin })),
      ...extra,
    },
  };
}

export function groupObject(
  name: string,
  organization: string,
  members: string[],
  clusterPermissions: Binding[] = [],
): UserGroupObject {
  return {
    apiVersion: 'nimbus.io/v1alpha1',
    kind: 'UserGroup',
    metadata: meta(name),
    spec: { organization, members, clusterPermissions },
  };
}

export function roleObject(
  name: string,
  organization: string | undefined,
  permissions: Array<[string, 'allow' | 'deny']>,
): RoleObject {
  return {
    apiVersion: 'nimbus.io/v1alpha1',
    kind: 'Role',
    metadata: meta(name),
    spec: {
      ...(organization ? { organization } : { builtIn: true }),
      permissions: permissions.map(([p, effect]) => ({ name: p, effect: storedEffect(effect) })),
    },
  };
}

/** Organizations looked up by name, where every name exists (clusters' labels then decide). */
export const everyOrganization: OrganizationLookup = { get: (name) => orgObject(name) };

/** A registered member Cluster of an organization (labelled as the API labels it). */
export function clusterObject(name: string, organization: string): ClusterObject {
  return {
    apiVersion: 'nimbus.io/v1alpha1',
    kind: 'Cluster',
    metadata: { ...meta(name), labels: { 'nimbus.io/organization': organization } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'local',
      credentialsSecretRef: { name: `cluster-${name}`, namespace: 'nimbus-system' },
    },
  };
}

function lookup<T extends { metadata: { name: string; uid: string } }>(items: T[]): Lookup<T> {
  return {
    get: (name) => items.find((i) => i.metadata.name === name),
    getByUid: (uid) => items.find((i) => i.metadata.uid === uid),
    list: (filter) => (filter ? items.filter(filter) : [...items]),
  };
}

export interface IamData {
  users?: UserObject[];
  organizations?: OrganizationObject[];
  groups?: UserGroupObject[];
  roles?: RoleObject[];
  clusters?: ClusterObject[];
}

export function readerOf(data: IamData): IamReader {
  return {
    users: lookup(data.users ?? []),
    organizations: lookup(data.organizations ?? []),
    userGroups: lookup(data.groups ?? []),
    roles: lookup(data.roles ?? []),
    clusters: lookup(data.clusters ?? []),
  };
}

/** The Identity the auth middleware would build for a user object. */
export function identityOf(user: UserObject, currentOrganization?: string): Identity {
  const organizations = (user.spec.organizations ?? []).map((m) => ({
    name: m.name,
    uid: `uid-${m.name}`,
    admin: m.admin,
  }));
  const current = organizations.find((m) => m.name === currentOrganization) ?? organizations[0];
  return {
    userName: user.metadata.name,
    userId: user.metadata.uid,
    sysAdmin: user.spec.sysAdmin,
    organizations,
    ...(current ? { currentOrganization: current.name } : {}),
    role: deriveRole(user.spec.sysAdmin, current),
    via: 'session',
  };
}
