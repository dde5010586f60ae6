import { z } from 'zod';
import { basicStatus, clusterPermissions, description } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { listSet } from './rules.js';
import { nameRef, resourceNameRule, userName } from './names.js';

export const userGroupSpec = z.object({
  organization: nameRef('Name of the Organization the group belongs to.'),
  description: description.optional(),
  members: listSet(z.array(userName)).optional().meta({ description: 'Names of member Users.' }),
  clusterPermissions: clusterPermissions.optional(),
});

export const userGroupStatus = basicStatus;

export const userGroupKind = defineKind({
  kind: 'UserGroup',
  plural: 'usergroups',
  shortNames: ['ngroup'],
  description: 'A set of users sharing per-cluster permissions.',
  name: resourceNameRule,
  spec: userGroupSpec,
  status: userGroupStatus,
  printerColumns: [
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    ...readyColumns,
    { name: 'Description', type: 'string', jsonPath: '.spec.description', priority: 1 },
    ageColumn,
  ],
});

export type UserGroup = z.output<typeof userGroupKind.schema>;
