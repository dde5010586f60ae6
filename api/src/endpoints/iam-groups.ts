import { z } from 'zod';
import { admins, endpoint, everyone, inOrg, json } from '../endpoint.js';
import { boundPageQuery, pageOf, sortedPageQuery, pathRef } from '../schemas/common.js';
import { groupBody, roleBody } from '../schemas/iam-requests.js';
import { groupViewSchema, permissionsSchema, roleViewSchema } from '../schemas/iam-views.js';

const iam = '/iam.{host}';
const orgs = `${iam}/organizations`;
const orgParams = z.object({ orgId: pathRef });
const groupParams = orgParams.extend({ groupId: pathRef });
const roleOrgParams = z.object({ organizationId: pathRef });

/** User groups, roles and the permission catalogue. */
export const iamGroupEndpoints = {
  createGroup: endpoint({
    method: 'POST',
    path: `${iam}/groups`,
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Create a user group',
    tag: 'iam',
    body: groupBody,
    response: json(groupViewSchema),
  }),
  updateGroup: endpoint({
    method: 'PUT',
    path: `${iam}/groups`,
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Update a user group',
    tag: 'iam',
    body: groupBody,
    response: json(groupViewSchema),
  }),
  listGroups: endpoint({
    method: 'GET',
    path: `${orgs}/:orgId/groups`,
    access: { allow: everyone, ...inOrg('params.orgId') },
    summary: 'User groups of an organization',
    tag: 'iam',
    params: orgParams,
    query: boundPageQuery,
    response: json(pageOf(groupViewSchema)),
  }),
  getGroup: endpoint({
    method: 'GET',
    path: `${orgs}/:orgId/groups/:groupId`,
    access: { allow: everyone, ...inOrg('params.orgId') },
    summary: 'One user group',
    tag: 'iam',
    params: groupParams,
    response: json(groupViewSchema),
  }),
  deleteGroup: endpoint({
    method: 'DELETE',
    path: `${orgs}/:orgId/groups/:groupId`,
    access: { allow: admins, ...inOrg('params.orgId') },
    summary: 'Delete a user group',
    tag: 'iam',
    params: groupParams,
    response: json(z.null()),
  }),

  createRole: endpoint({
    method: 'POST',
    path: `${iam}/roles`,
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Create a role',
    tag: 'iam',
    body: roleBody,
    response: json(roleViewSchema),
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: `${iam}/roles`,
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Update a role',
    tag: 'iam',
    body: roleBody,
    response: json(roleViewSchema),
  }),
  listRoles: endpoint({
    method: 'GET',
    path: `${orgs}/:organizationId/roles`,
    access: { allow: everyone, ...inOrg('params.organizationId') },
    summary: 'Roles of an organization and built-ins',
    tag: 'iam',
    params: roleOrgParams,
    query: sortedPageQuery,
    response: json(pageOf(roleViewSchema)),
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: `${orgs}/:organizationId/roles/:roleId`,
    access: { allow: admins, ...inOrg('params.organizationId') },
    summary: 'Delete a role',
    tag: 'iam',
    params: roleOrgParams.extend({ roleId: pathRef }),
    response: json(z.null()),
  }),
  listPermissions: endpoint({
    method: 'GET',
    path: `${iam}/permissions`,
    access: { allow: 'authenticated' },
    summary: 'Permission catalogue',
    tag: 'iam',
    response: json(permissionsSchema),
  }),
} as const;
