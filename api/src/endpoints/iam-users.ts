import { z } from 'zod';
import { admins, endpoint, everyone, inOrg, json, ownUser, self } from '../endpoint.js';
import { mfaActionBody, mfaEnrolmentSchema, mfaUnbindBody } from '../schemas/accounts.js';
import { boundPageQuery, pageOf, pathRef } from '../schemas/common.js';
import { createUserBody, updateUserBody } from '../schemas/iam-requests.js';
import { userUpdateResultSchema, userViewSchema } from '../schemas/iam-views.js';

const iam = '/iam.{host}';
const userNameParams = z.object({ userName: pathRef });
const memberParams = z.object({ orgId: pathRef, userId: pathRef });

/** Users and their MFA. */
export const iamUserEndpoints = {
  // Before /users/:userName, which would take "id" as a user name.
  getUserById: endpoint({
    method: 'GET',
    path: `${iam}/user/:userId`,
    access: { allow: everyone, ...ownUser('params.userId') },
    summary: 'User by id',
    tag: 'iam',
    params: z.object({ userId: pathRef }),
    response: json(userViewSchema),
  }),
  getUserByName: endpoint({
    method: 'GET',
    path: `${iam}/users/:userName`,
    access: { allow: everyone, ...ownUser('params.userName') },
    summary: 'User by name',
    tag: 'iam',
    params: userNameParams,
    response: json(userViewSchema),
  }),
  createUser: endpoint({
    method: 'POST',
    path: `${iam}/users`,
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Create a user',
    tag: 'iam',
    body: createUserBody,
    response: json(userViewSchema),
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: `${iam}/users`,
    access: {
      allow: everyone,
      ...ownUser('body.userName'),
      note: 'A new secret key (updateType secretKey) only for the user themself, shown once.',
    },
    summary: 'Update a user (general, password, secretKey)',
    tag: 'iam',
    body: updateUserBody,
    errors: ['badCredentials'],
    response: json(userUpdateResultSchema),
  }),
  setUpMfa: endpoint({
    method: 'PUT',
    path: `${iam}/users/:userName/mfa`,
    access: { allow: everyone, ...self('params.userName') },
    summary: 'Generate or bind MFA',
    tag: 'iam',
    params: userNameParams,
    body: mfaActionBody,
    errors: ['mfaInvalid'],
    response: json(z.union([mfaEnrolmentSchema, z.null()])),
  }),
  unbindMfa: endpoint({
    method: 'DELETE',
    path: `${iam}/users/:userName/mfa`,
    access: { allow: everyone, ...self('params.userName') },
    summary: 'Unbind MFA',
    tag: 'iam',
    params: userNameParams,
    body: mfaUnbindBody,
    errors: ['mfaInvalid'],
    response: json(z.null()),
  }),
  listOrganizationUsers: endpoint({
    method: 'GET',
    path: `${iam}/organizations/:orgId/users`,
    access: { allow: admins, ...inOrg('params.orgId') },
    summary: 'Members of an organization',
    tag: 'iam',
    params: z.object({ orgId: pathRef }),
    query: boundPageQuery,
    response: json(pageOf(userViewSchema)),
  }),
  removeOrganizationMember: endpoint({
    method: 'DELETE',
    path: `${iam}/organizations/:orgId/users/:userId`,
    access: { allow: admins, ...inOrg('params.orgId') },
    summary: 'Remove a member',
    tag: 'iam',
    params: memberParams,
    response: json(z.null()),
  }),
} as const;
