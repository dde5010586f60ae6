import type { PermissionDefinition } from './catalogue.js';
import { permissionCatalogue } from './catalogue.js';

export const builtInLabel = 'nimbus.io/built-in';

export interface BuiltInRole {
  name: string;
  description: string;
  permissions: string[];
}

const action = (p: PermissionDefinition): string => p.name.split(':')[1] ?? '';
const reads = new Set(['list', 'view', 'logs']);
const isRead = (p: PermissionDefinition): boolean => reads.has(action(p));
const clusterWide = new Set(['namespace', 'persistentvolume', 'storageclass', 'node']);
/** Who may grant rights in a namespace: owners only, as Kubernetes' own admin role. */
const grantsRights = new Set(['role', 'rolebinding']);

function names(filter: (p: PermissionDefinition) => boolean): string[] {
  return permissionCatalogue.filter(filter).map((p) => p.name);
}

/**
 * Roles every organization can bind without creating its own. Owner may do everything on a
 * cluster; operator runs what exists (scale, restart, nodes, alarms) but does not create or
 * delete; developer builds applications in namespaces but leaves cluster-wide objects alone;
 * read-only sees everything except secret contents. Like Kubernetes' edit and view roles, only
 * the owner reads or writes Roles and RoleBindings.
 */
export const builtInRoles: readonly BuiltInRole[] = [
  {
    name: 'owner',
    description: 'Every operation on the cluster.',
    permissions: names(() => true),
  },
  {
    name: 'operator',
    description: 'Operate running applications and nodes; no creation or deletion.',
    permissions: names(
      (p) =>
        !['create', 'delete', 'install'].includes(action(p)) &&
        p.group !== 'secret' &&
        !grantsRights.has(p.group),
    ),
  },
  {
    name: 'developer',
    description: 'Build and run applications in namespaces; read-only on cluster-wide objects.',
    permissions: names(
      (p) =>
        (!clusterWide.has(p.group) || isRead(p)) &&
        !grantsRights.has(p.group) &&
        !['node:cordon', 'node:update', 'monitoring:manage', 'alarm:manage'].includes(p.name),
    ),
  },
  {
    name: 'read-only',
    description: 'View everything except secrets.',
    permissions: names((p) => isRead(p) && p.group !== 'secret' && !grantsRights.has(p.group)),
  },
];

export const builtInRoleNames: ReadonlySet<string> = new Set(builtInRoles.map((r) => r.name));

/** The Role object of a built-in role, as the operator applies it. */
export function builtInRoleObject(role: BuiltInRole) {
  return {
    metadata: { name: role.name, labels: { [builtInLabel]: 'true' } },
    spec: {
      builtIn: true,
      description: role.description,
      permissions: role.permissions.map((name) => ({ name, effect: 'Allow' as const })),
    },
  };
}
