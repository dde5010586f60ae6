import { kindsOfPermissionGroup } from '@nimbus/api/shared';

/**
 * The console operations a Role can allow or deny, grouped by area. Each permission carries its
 * projection to Kubernetes RBAC rules so the clusters issue can write the effective permissions
 * of a user into every member cluster; hub-only operations (monitoring, alarms, connectivity
 * tests) project to no rule because the operator itself enforces them.
 */
export interface RbacRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

export interface PermissionDefinition {
  name: string;
  group: string;
  description: string;
  rules: RbacRule[];
  /** A projection that depends on the cluster, written per registration (not in `rules`). */
  memberRule?: string;
}

const read = ['get', 'list', 'watch'];
const write = ['update', 'patch'];

function rule(apiGroup: string, resources: string[], verbs: string[]): RbacRule {
  return { apiGroups: [apiGroup], resources, verbs };
}

/** One rule per API group over the kinds of the shared kind table a permission group covers. */
function onKindsOf(permissionGroup: string, verbs: string[]): RbacRule[] {
  const byApiGroup = new Map<string, string[]>();
  for (const { group, plural } of kindsOfPermissionGroup(permissionGroup)) {
    byApiGroup.set(group, [...(byApiGroup.get(group) ?? []), plural]);
  }
  return [...byApiGroup].map(([apiGroup, resources]) => rule(apiGroup, resources, verbs));
}

function onWorkloads(verbs: string[], extra: RbacRule[] = []): RbacRule[] {
  return [...onKindsOf('application', verbs), ...extra];
}

/** A permission group whose kinds (the shared kind table's `permissionGroup`) share one set of rights. */
interface ResourceArea {
  group: string;
  noun: string;
  actions: ReadonlyArray<'list' | 'create' | 'update' | 'delete'>;
}

const verbsOf = { list: read, create: ['create'], update: write, delete: ['delete'] } as const;
const describeAction = {
  list: 'List and view',
  create: 'Create',
  update: 'Edit',
  delete: 'Delete',
};

/** Plain CRUD areas: one permission per action, projected onto the group's kinds. */
const crud = ['list', 'create', 'update', 'delete'] as const;
const withoutEdit = ['list', 'create', 'delete'] as const;
const crudArea = (group: string, noun: string, actions: ResourceArea['actions']): ResourceArea => ({
  group,
  noun,
  actions,
});

const crudAreas: ResourceArea[] = [
  crudArea('autoscaler', 'horizontal pod autoscalers', crud),
  crudArea('service', 'services', crud),
  crudArea('ingress', 'ingresses', crud),
  crudArea('configmap', 'config maps', crud),
  crudArea('secret', 'secrets (including registry secrets)', crud),
  crudArea('serviceaccount', 'service accounts', crud),
  crudArea('networkpolicy', 'network policies', crud),
  crudArea('poddisruptionbudget', 'pod disruption budgets', crud),
  // Namespaced RBAC only, and never the escalate or bind verbs: the member's own escalation
  // check then lets a user grant only rights she holds (docs/decisions/namespaced-rbac-kinds.md).
  crudArea('role', 'roles in namespaces (not cluster roles)', crud),
  crudArea('rolebinding', 'role bindings in namespaces (not cluster role bindings)', crud),
  crudArea('namespace', 'namespaces', withoutEdit),
  crudArea('persistentvolumeclaim', 'persistent volume claims', withoutEdit),
  crudArea('persistentvolume', 'persistent volumes', withoutEdit),
  crudArea('storageclass', 'storage classes', withoutEdit),
];

const crudPermissions: PermissionDefinition[] = crudAreas.flatMap((area) =>
  area.actions.map((action) => ({
    name: `${area.group}:${action}`,
    group: area.group,
    description: `${describeAction[action]} ${area.noun}`,
    rules: onKindsOf(area.group, [...verbsOf[action]]),
  })),
);

function permission(
  name: string,
  description: string,
  rules: RbacRule[] = [],
): PermissionDefinition {
  const [group = name] = name.split(':');
  return { name, group, description, rules };
}

const lifecycle: PermissionDefinition[] = [
  permission(
    'application:list',
    'List and view applications (deployments, stateful sets, daemon sets, jobs, cron jobs, pods)',
    onWorkloads(read, [rule('apps', ['replicasets', 'controllerrevisions'], read)]),
  ),
  permission('application:create', 'Create applications', onWorkloads(['create'])),
  permission(
    'application:update',
    'Edit applications, their labels and annotations, suspend and resume cron jobs',
    onWorkloads(write),
  ),
  permission('application:delete', 'Delete applications', onWorkloads(['delete'])),
  permission('application:restart', 'Restart applications and delete their pods', [
    rule('apps', ['deployments', 'statefulsets', 'daemonsets'], ['patch']),
    rule('', ['pods'], ['delete']),
  ]),
  permission('application:scale', 'Scale applications by hand', [
    rule('apps', ['deployments/scale', 'statefulsets/scale'], ['get', ...write]),
  ]),
  permission('application:rollback', 'Roll back and hotfix applications', [
    rule('apps', ['deployments', 'statefulsets', 'daemonsets'], ['patch']),
    rule('apps', ['replicasets', 'controllerrevisions'], read),
  ]),
  permission('pod:logs', 'Read container logs', [rule('', ['pods/log'], ['get'])]),
  permission('pod:exec', 'Open a shell in a container', [
    rule('', ['pods/exec', 'pods/attach'], ['create', 'get']),
  ]),
  permission('event:list', 'List events', [
    rule('', ['events'], read),
    rule('events.k8s.io', ['events'], read),
  ]),
  permission('resourcequota:update', 'Set namespace resource quotas and limit ranges', [
    ...onKindsOf('resourcequota', [...read, 'create', ...write]),
  ]),
  permission('node:list', 'List and view nodes, their pods and events', onKindsOf('node', read)),
  permission('node:cordon', 'Pause and resume scheduling on nodes', onKindsOf('node', ['patch'])),
  permission('node:update', 'Edit node labels, annotations and taints', onKindsOf('node', write)),
];

const hubOnly: PermissionDefinition[] = [
  permission('cluster:view', 'View the cluster overview'),
  permission('cluster:test', 'Test the connectivity of the cluster'),
  {
    ...permission('monitoring:view', 'View monitoring dashboards and metrics'),
    // clusters/rbac/monitor-rbac.ts: the user's Prometheus calls go through this proxy as the user.
    memberRule:
      "core: services/proxy [get] on the cluster's Prometheus Service only (a Role in its namespace)",
  },
  permission('monitoring:manage', 'Create, edit and delete monitoring dashboards'),
  permission('alarm:list', 'List alarms, rules and silences'),
  permission('alarm:silence', 'Create and expire alarm silences'),
  permission('alarm:manage', 'Create, edit and delete alarm rules and receivers'),
  permission('registry:list', 'Browse registries, repositories and tags'),
  permission('appstore:list', 'Browse the application store'),
  permission(
    'appstore:install',
    'Install applications from the application store',
    onWorkloads(['create'], [rule('', ['services', 'configmaps'], ['create'])]),
  ),
  permission('cost:view', 'View cost reports'),
];

export const permissionCatalogue: readonly PermissionDefinition[] = [
  ...lifecycle,
  ...crudPermissions,
  ...hubOnly,
];

export const permissionNames: ReadonlySet<string> = new Set(permissionCatalogue.map((p) => p.name));

export function findPermission(name: string): PermissionDefinition | undefined {
  return permissionCatalogue.find((p) => p.name === name);
}
