import { z } from 'zod';
import { admins, endpoint, everyone, inOrg, json, self } from '../endpoint.js';
import { pageQuery, pathRef } from '../schemas/common.js';
import {
  createOrganizationBody,
  joinBody,
  requiredText,
  updateOrganizationBody,
} from '../schemas/iam-requests.js';
import { invitationSchema, orgViewSchema, userOrganizationsSchema } from '../schemas/iam-views.js';

const iam = '/iam.{host}';
const orgParams = z.object({ orgId: pathRef });

/** Organizations and invitations. */
export const iamOrganizationEndpoints = {
  createOrganization: endpoint({
    method: 'POST',
    path: `${iam}/organizations`,
    access: { allow: 'authenticated' },
    summary: 'Create an organization (caller becomes its admin)',
    tag: 'iam',
    body: createOrganizationBody,
    response: json(orgViewSchema),
  }),
  updateOrganization: endpoint({
    method: 'PUT',
    path: `${iam}/organizations`,
    access: { allow: admins, ...inOrg('body.uuid') },
    summary: 'Edit an organization',
    tag: 'iam',
    body: updateOrganizationBody,
    response: json(orgViewSchema),
  }),
  deleteOrganization: endpoint({
    method: 'DELETE',
    path: `${iam}/organizations/:orgId`,
    access: { allow: admins, ...inOrg('params.orgId') },
    summary: 'Delete an organization',
    tag: 'iam',
    params: orgParams,
    errors: ['organizationInUse'],
    response: json(z.null()),
  }),
  listUserOrganizations: endpoint({
    method: 'GET',
    path: `${iam}/user/:userId/organizations`,
    access: { allow: everyone, ...self('params.userId') },
    summary: 'Organizations of a user',
    tag: 'iam',
    params: z.object({ userId: pathRef }),
    query: pageQuery,
    response: json(userOrganizationsSchema),
  }),
  generateInvitation: endpoint({
    method: 'GET',
    path: `${iam}/join/organizations/:orgId`,
    access: { allow: admins, ...inOrg('params.orgId') },
    summary: 'Generate an invitation',
    tag: 'iam',
    params: orgParams,
    // Generating writes the invitation to the hub, which can race another writer.
    errors: ['conflict'],
    response: json(invitationSchema),
  }),
  joinOrganization: endpoint({
    method: 'POST',
    path: `${iam}/join/organizations/:orgId`,
    access: { allow: everyone, ...self('body.invitee') },
    summary: 'Join with an invitation',
    tag: 'iam',
    params: z.object({ orgId: requiredText(253) }),
    body: joinBody,
    errors: ['invitationInvalid'],
    response: json(orgViewSchema),
  }),
} as const;
