import { Router } from 'express';
import type { Request, Response } from 'express';
import { permissionCatalogue } from '../../access/catalogue.js';
import type { IamCall, IamDeps } from '../../iam/context.js';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from '../../iam/groups.js';
import { generateInvitation, joinOrganization } from '../../iam/invitations.js';
import {
  createOrganization,
  deleteOrganization,
  listUserOrganizations,
  updateOrganization,
} from '../../iam/organizations.js';
import { pageQuery } from '../../iam/paging.js';
import { parseRequest } from '../../core/problems.js';
import { createRole, deleteRole, listRoles, updateRole } from '../../iam/roles.js';
import {
  createUser,
  getUserById,
  getUserByName,
  listOrganizationUsers,
  removeOrganizationMember,
  updateUser,
} from '../../iam/users.js';
import { requireIdentity } from '../../identity/identity.js';
import { handle } from '../respond.js';

type IamHandler<T> = (call: IamCall, req: Request) => T | Promise<T>;

/** The IAM service: users, groups, roles, organizations, invitations and permissions. */
export function iamRouter(deps: IamDeps): Router {
  const router = Router();
  const iam = <T>(handler: IamHandler<T>) =>
    handle((req: Request, res: Response) => handler({ identity: requireIdentity(res), deps }, req));
  const page = (req: Request) => parseRequest(pageQuery, req.query);
  const param = (req: Request, name: string): string => String(req.params[name] ?? '');

  router.get(
    '/users/id/:userId',
    iam((call, req) => getUserById(call, param(req, 'userId'))),
  );
  router.get(
    '/users/:userName',
    iam((call, req) => getUserByName(call, param(req, 'userName'))),
  );
  router.post(
    '/users',
    iam((call, req) => createUser(call, req.body)),
  );
  router.put(
    '/users',
    iam((call, req) => updateUser(call, req.body)),
  );
  router.get(
    '/organizations/:orgId/users',
    iam((call, req) => listOrganizationUsers(call, param(req, 'orgId'), page(req))),
  );
  router.delete(
    '/organizations/:orgId/users/:userId',
    iam((call, req) => removeOrganizationMember(call, param(req, 'orgId'), param(req, 'userId'))),
  );

  router.post(
    '/groups',
    iam((call, req) => createGroup(call, req.body)),
  );
  router.put(
    '/groups',
    iam((call, req) => updateGroup(call, req.body)),
  );
  router.get(
    '/organizations/:orgId/groups',
    iam((call, req) => listGroups(call, param(req, 'orgId'), page(req))),
  );
  router.get(
    '/organizations/:orgId/groups/:groupId',
    iam((call, req) => getGroup(call, param(req, 'orgId'), param(req, 'groupId'))),
  );
  router.delete(
    '/organizations/:orgId/groups/:groupId',
    iam((call, req) => deleteGroup(call, param(req, 'orgId'), param(req, 'groupId'))),
  );

  router.post(
    '/roles',
    iam((call, req) => createRole(call, req.body)),
  );
  router.put(
    '/roles',
    iam((call, req) => updateRole(call, req.body)),
  );
  router.get(
    '/organizations/:organizationId/roles',
    iam((call, req) => listRoles(call, param(req, 'organizationId'), page(req))),
  );
  router.delete(
    '/organizations/:organizationId/roles/:roleId',
    iam((call, req) => deleteRole(call, param(req, 'organizationId'), param(req, 'roleId'))),
  );
  router.get(
    '/permissions',
    iam(() => ({
      items: permissionCatalogue.map(({ name, group, description }) => ({
        name,
        group,
        description,
      })),
    })),
  );

  router.post(
    '/organizations',
    iam((call, req) => createOrganization(call, req.body)),
  );
  router.put(
    '/organizations',
    iam((call, req) => updateOrganization(call, req.body)),
  );
  router.delete(
    '/organizations/:orgId',
    iam((call, req) => deleteOrganization(call, param(req, 'orgId'))),
  );
  router.get(
    '/user/:userId/organizations',
    iam((call, req) => listUserOrganizations(call, param(req, 'userId'), page(req).search)),
  );
  router.get(
    '/join/organizations/:orgId',
    iam((call, req) => generateInvitation(call, param(req, 'orgId'))),
  );
  router.post(
    '/join/organizations/:orgId',
    iam((call, req) => joinOrganization(call, param(req, 'orgId'), req.body)),
  );
  return router;
}
