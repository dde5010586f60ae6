import { endpoints } from '@nimbus/api';
import type { Allow, Method, Scope, Target } from '@nimbus/api';

export type { Allow, Method, Scope, Target };

export interface PolicyEntry {
  method: Method;
  /** Express pattern below /api/v1, with {host} for the product domain. */
  path: string;
  allow: Allow;
  scope?: Scope;
  target?: Target;
  summary: string;
}

const admins = ['system-admin', 'organization-admin'] as const;
const everyone = ['system-admin', 'organization-admin', 'user'] as const;
const iam = '/iam.{host}';
const orgs = `${iam}/organizations`;
const clusters = '/manage.{host}/providers/:kind/clusters';

function entry(
  method: Method,
  path: string,
  allow: Allow,
  summary: string,
  scoped?: { scope: Scope; target: Target },
): PolicyEntry {
  return { method, path, allow, summary, ...scoped };
}

const inOrg = (target: Target) => ({ scope: 'organization' as const, target });
const ownUser = (target: Target) => ({ scope: 'own-user' as const, target });
const self = (target: Target) => ({ scope: 'self' as const, target });

/** The access rules of the contract's endpoint declarations (api/src/endpoints). */
const declaredEntries: readonly PolicyEntry[] = Object.values(endpoints).map((declared) => ({
  method: declared.method,
  path: declared.path,
  allow: declared.access.allow,
  summary: declared.access.note ? `${declared.summary}. ${declared.access.note}` : declared.summary,
  ...(declared.access.scope ? { scope: declared.access.scope } : {}),
  ...(declared.access.target ? { target: declared.access.target } : {}),
}));

/** Every /api endpoint of the operator. Anything not listed here is refused (9997). */
export const policyTable: readonly PolicyEntry[] = [
  ...declaredEntries,
  entry('POST', '/auth.{host}/register', 'public', 'Register an account'),
  entry('POST', '/auth.{host}/login', 'public', 'Sign in'),
  entry('POST', '/auth.{host}/logout', 'public', 'Sign out (revokes the session, if any)'),

  entry('GET', `${iam}/users/:userName`, everyone, 'User by name', ownUser('params.userName')),
  entry('GET', `${iam}/users/id/:userId`, everyone, 'User by id', ownUser('params.userId')),
  entry('POST', `${iam}/users`, admins, 'Create a user', inOrg('body.organizationId')),
  entry('PUT', `${iam}/users`, everyone, 'Update a user (general, password, secretKey)', {
    ...ownUser('body.userName'),
  }),
  entry('PUT', `${iam}/users/:userName/mfa`, everyone, 'Generate or bind MFA', {
    ...self('params.userName'),
  }),
  entry('DELETE', `${iam}/users/:userName/mfa`, everyone, 'Unbind MFA', self('params.userName')),
  entry('GET', `${orgs}/:orgId/users`, admins, 'Members of an organization', {
    ...inOrg('params.orgId'),
  }),
  entry('DELETE', `${orgs}/:orgId/users/:userId`, admins, 'Remove a member', {
    ...inOrg('params.orgId'),
  }),

  entry('POST', `${iam}/groups`, admins, 'Create a user group', inOrg('body.organizationId')),
  entry('PUT', `${iam}/groups`, admins, 'Update a user group', inOrg('body.organizationId')),
  entry('GET', `${orgs}/:orgId/groups`, everyone, 'User groups of an organization', {
    ...inOrg('params.orgId'),
  }),
  entry('GET', `${orgs}/:orgId/groups/:groupId`, everyone, 'One user group', {
    ...inOrg('params.orgId'),
  }),
  entry('DELETE', `${orgs}/:orgId/groups/:groupId`, admins, 'Delete a user group', {
    ...inOrg('params.orgId'),
  }),

  entry('POST', `${iam}/roles`, admins, 'Create a role', inOrg('body.organizationId')),
  entry('PUT', `${iam}/roles`, admins, 'Update a role', inOrg('body.organizationId')),
  entry(
    'GET',
    `${orgs}/:organizationId/roles`,
    everyone,
    'Roles of an organization and built-ins',
    {
      ...inOrg('params.organizationId'),
    },
  ),
  entry('DELETE', `${orgs}/:organizationId/roles/:roleId`, admins, 'Delete a role', {
    ...inOrg('params.organizationId'),
  }),
  entry('GET', `${iam}/permissions`, 'authenticated', 'Permission catalogue'),

  entry('POST', orgs, 'authenticated', 'Create an organization (caller becomes its admin)'),
  entry('PUT', orgs, admins, 'Edit an organization', inOrg('body.uuid')),
  entry('DELETE', `${orgs}/:orgId`, admins, 'Delete an organization', inOrg('params.orgId')),
  entry('GET', `${iam}/user/:userId/organizations`, everyone, 'Organizations of a user', {
    ...self('params.userId'),
  }),
  entry('GET', `${iam}/join/organizations/:orgId`, admins, 'Generate an invitation', {
    ...inOrg('params.orgId'),
  }),
  entry('POST', `${iam}/join/organizations/:orgId`, everyone, 'Join with an invitation', {
    ...self('body.invitee'),
  }),

  entry('POST', `${clusters}`, admins, 'Register a cluster', inOrg('body.organizationId')),
  entry('POST', `${clusters}/:cluster/test`, admins, 'Test a cluster connection', {
    ...inOrg('body.organizationId'),
  }),
  entry('PUT', `${clusters}/:cluster`, admins, 'Update a cluster', inOrg('body.organizationId')),
  entry('DELETE', `${clusters}/:cluster`, admins, 'Delete a cluster', {
    ...inOrg('body.organizationId'),
  }),

  entry('POST', '/manage.{host}/monitors', admins, 'Set a monitoring endpoint of a cluster', {
    ...inOrg('body.organizationId'),
  }),
  entry('PUT', '/manage.{host}/monitors', admins, 'Change a monitoring endpoint', {
    ...inOrg('body.organizationId'),
  }),
  // The handler checks that the caller administers the monitor's cluster's organization.
  entry('DELETE', '/manage.{host}/monitors/:id', admins, 'Remove a monitoring endpoint'),
];
