import { z } from 'zod';
import { basicStatus, description, permissionEffect, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { listMap, withRule } from './rules.js';
import { nameRef, resourceNameRule } from './names.js';

const permission = z.object({
  name: text(253).min(1).meta({ description: 'Permission name as listed by /iam/permissions.' }),
  effect: permissionEffect.meta({ description: 'allow grants, deny withholds the permission.' }),
});

export const roleOrganizationMessage =
  'organization is required; only built-in roles (builtIn: true) have none';

/** Built-in roles are global: they belong to no organization and every organization binds them. */
export const roleSpec = withRule(
  z.object({
    organization: nameRef('Name of the Organization the role belongs to.').optional(),
    builtIn: z.boolean().optional().meta({
      description:
        'A global role every organization may bind (owner, operator, developer, read-only).',
    }),
    description: description.optional(),
    permissions: listMap(z.array(permission), 'name')
      .optional()
      .meta({ description: 'Permissions with effect allow or deny.' }),
  }),
  {
    rule: 'has(self.organization) != (has(self.builtIn) && self.builtIn)',
    message: roleOrganizationMessage,
    fieldPath: '.organization',
  },
  (spec) => (spec.organization !== undefined) !== (spec.builtIn === true),
);

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
