import { z } from 'zod';
import { basicStatus, description, permissionEffect, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { listMap } from './rules.js';
import { nameRef, resourceNameRule } from './names.js';

const permission = z.object({
  name: text(253).min(1).meta({ description: 'Permission name as listed by /iam/permissions.' }),
  effect: permissionEffect.meta({ description: 'allow grants, deny withholds the permission.' }),
});

export const roleSpec = z.object({
  organization: nameRef('Name of the Organization the role belongs to.'),
  description: description.optional(),
  permissions: listMap(z.array(permission), 'name')
    .optional()
    .meta({ description: 'Permissions with effect allow or deny.' }),
});

export const roleStatus = basicStatus;

export const roleKind = defineKind({
  kind: 'Role',
  plural: 'roles',
  shortNames: ['nrole'],
  description: 'A named set of console permissions granted per cluster.',
  name: resourceNameRule,
  spec: roleSpec,
  status: roleStatus,
  printerColumns: [
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    { name: 'Description', type: 'string', jsonPath: '.spec.description', priority: 1 },
    ageColumn,
  ],
});

export type Role = z.output<typeof roleKind.schema>;
