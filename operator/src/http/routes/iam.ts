import type { Response } from 'express';
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
import { createRole, deleteRole, listRoles, updateRole } from '../../iam/roles.js';
import {
  createUser,
  getUserById,
  getUserByName,
  listOrganizationUsers,
  removeOrganizationMember,
  updateUser,
} from '../../iam/users.js';
import { requireIdentity } from '../identity-locals.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** The IAM service: users, groups, roles, organizations, invitations and permissions. */
export function iamEndpoints(deps: IamDeps): Implementation[] {
  const as = (res: Response): IamCall => ({ identity: requireIdentity(res), deps });
  return [
    implement('getUserById', ({ params }, { res }) => getUserById(as(res), params.userId)),
    implement('getUserByName', ({ params }, { res }) => getUserByName(as(res), params.userName)),
    implement('createUser', ({ body }, { res }) => createUser(as(res), body)),
    implement('updateUser', ({ body }, { res }) => updateUser(as(res), body)),
    implement('listOrganizationUsers', ({ params, query }, { res }) =>
      listOrganizationUsers(as(res), params.orgId, query),
    ),
    implement('removeOrganizationMember', ({ params }, { res }) =>
      removeOrganizationMember(as(res), params.orgId, params.userId),
    ),

    implement('createGroup', ({ body }, { res }) => createGroup(as(res), body)),
    implement('updateGroup', ({ body }, { res }) => updateGroup(as(res), body)),
    implement('listGroups', ({ params, query }, { res }) =>
      listGroups(as(res), params.orgId, query),
    ),
    implement('getGroup', ({ params }, { res }) => getGroup(as(res), params.orgId, params.groupId)),
    implement('deleteGroup', ({ params }, { res }) =>
      deleteGroup(as(res), params.orgId, params.groupId),
    ),

    implement('createRole', ({ body }, { res }) => createRole(as(res), body)),
    implement('updateRole', ({ body }, { res }) => updateRole(as(res), body)),
    implement('listRoles', ({ params, query }, { res }) =>
      listRoles(as(res), params.organizationId, query),
    ),
    implement('deleteRole', ({ params }, { res }) =>
      deleteRole(as(res), params.organizationId, params.roleId),
    ),
    implement('listPermissions', () => ({
      items: permissionCatalogue.map(({ name, group, description }) => ({
        name,
        group,
        description,
      })),
    })),

    implement('createOrganization', ({ body }, { res }) => createOrganization(as(res), body)),
    implement('updateOrganization', ({ body }, { res }) => updateOrganization(as(res), body)),
    implement('deleteOrganization', ({ params }, { res }) =>
      deleteOrganization(as(res), params.orgId),
    ),
    implement('listUserOrganizations', ({ params, query }, { res }) =>
      listUserOrganizations(as(res), params.userId, query.search),
    ),
    implement('generateInvitation', ({ params }, { res }) =>
      generateInvitation(as(res), params.orgId),
    ),
    implement('joinOrganization', ({ params, body }, { res }) =>
      joinOrganization(as(res), params.orgId, body),
    ),
  ];
}
