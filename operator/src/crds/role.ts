import { z } from 'zod';
import { basicStatus, description, effect, text } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { listMap, withRule } from './rules.js';
import { nameRef, resourceNameRule } from './names.js';

const permission = z.object({
  name: text(253).min(1).meta({ description: 'Permission name as listed by /iam/permissions.' }),
  effect: effect.meta({
    description:
      'Allow grants the permission; Deny withholds it even where another role grants it.',
  }),
});

export const roleOrganizationMessage =
  'spec.organization is required, and only built-in roles (spec.builtIn: true) may leave it out';

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

/**
 * Roles written before the CRDs settled on one spelling say allow/deny; the CRD no longer takes
 * those in new writes (validation ratcheting keeps stored objects valid), and the operator reads
 * them as Allow/Deny. docs/decisions/identity-and-access.md "One spelling of effect".
 */
function capitalisePermissionEffects(object: Record<string, unknown>): Record<string, unknown> {
  const spec = object.spec as { permissions?: unknown } | undefined;
  if (!spec || !Array.isArray(spec.permissions)) return object;
  const permissions = spec.permissions.map((p: unknown) => {
    const entry = p as { effect?: unknown };
    if (entry?.effect === 'allow') return { ...entry, effect: 'Allow' };
    if (entry?.effect === 'deny') return { ...entry, effect: 'Deny' };
    return p;
  });
  return { ...object, spec: { ...spec, permissions } };
}

export const roleKind = defineKind({
  kind: 'Role',
  plural: 'roles',
  shortNames: ['nrole'],
  description: 'A named set of console permissions granted per cluster.',
  name: resourceNameRule,
  upgrade: capitalisePermissionEffects,
  spec: roleSpec,
  status: roleStatus,
  printerColumns: [
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    ...readyColumns,
    { name: 'Description', type: 'string', jsonPath: '.spec.description', priority: 1 },
    ageColumn,
  ],
});

export type Role = z.output<typeof roleKind.schema>;
