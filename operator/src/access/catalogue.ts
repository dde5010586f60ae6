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

const workloads = [
  rule('apps', ['deployments', 'statefulsets', 'daemonsets'], []),
  rule('batch', ['jobs', 'cronjobs'], []),
  rule('', ['pods'], []),
];

function onWorkloads(verbs: string[], extra: RbacRule[] = []): RbacRule[] {
  return [...workloads.map((r) => ({ ...r, verbs })), ...extra];
}

interface ResourceArea {
  group: string;
  noun: string;
  apiGroup: string;
  resources: string[];
  actions: Array<'list' | 'create' | 'update' | 'delete'>;
}

const verbsOf = { list: read, create: ['create'], update: write, delete: ['delete'] } as const;
const describeAction = {
  list: 'List and view',
  create: 'Create',
  update: 'Edit',
  delete: 'Delete',
};

/** Plain CRUD areas: one permission per action, projected onto the same resources. */
const crudAreas: ResourceArea[] = [
  {
    group: 'autoscaler',
    noun: 'horizontal pod autoscalers',
    apiGroup: 'autoscaling',
    resources: ['horizontalpodautoscalers'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'service',
    noun: 'services',
    apiGroup: '',
    resources: ['services', 'endpoints'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'ingress',
    noun: 'ingresses',
    apiGroup: 'networking.k8s.io',
    resources: ['ingresses'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'configmap',
    noun: 'config maps',
    apiGroup: '',
    resources: ['configmaps'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'secret',
    noun: 'secrets (including registry secrets)',
    apiGroup: '',
    resources: ['secrets'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'serviceaccount',
    noun: 'service accounts',
    apiGroup: '',
    resources: ['serviceaccounts'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'networkpolicy',
    noun: 'network policies',
    apiGroup: 'networking.k8s.io',
    resources: ['networkpolicies'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'poddisruptionbudget',
    noun: 'pod disruption budgets',
    apiGroup: 'policy',
    resources: ['poddisruptionbudgets'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  // Namespaced RBAC only, and never the escalate or bind verbs: the member's own escalation
  // check then lets a user grant only rights she holds (docs/decisions/namespaced-rbac-kinds.md).
  {
    group: 'role',
    noun: 'roles in namespaces (not cluster roles)',
    apiGroup: 'rbac.authorization.k8s.io',
    resources: ['roles'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'rolebinding',
    noun: 'role bindings in namespaces (not cluster role bindings)',
    apiGroup: 'rbac.authorization.k8s.io',
    resources: ['rolebindings'],
    actions: ['list', 'create', 'update', 'delete'],
  },
  {
    group: 'namespace',
    noun: 'namespaces',
    apiGroup: '',
    resources: ['namespaces'],
    actions: ['list', 'create', 'delete'],
  },
  {
    group: 'persistentvolumeclaim',
    noun: 'persistent volume claims',
    apiGroup: '',
    resources: ['persistentvolumeclaims'],
    actions: ['list', 'create', 'delete'],
  },
  {
    group: 'persistentvolume',
    noun: 'persistent volumes',
    apiGroup: '',
    resources: ['persistentvolumes'],
    actions: ['list', 'create', 'delete'],
  },
  {
    group: 'storageclass',
    noun: 'storage classes',
    apiGroup: 'storage.k8s.io',
    resources: ['storageclasses'],
    actions: ['list', 'create', 'delete'],
  },
];

const crudPermissions: PermissionDefinition[] = crudAreas.flatMap((area) =>
  area.actions.map((action) => ({
    name: `${area.group}:${action}`,
    group: area.group,
    description: `${describeAction[action]} ${area.noun}`,
    rules: [rule(area.apiGroup, area.resources, [...verbsOf[action]])],
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
    rule('', ['resourcequotas', 'limitranges'], [...read, 'create', ...write]),
  ]),
  permission('node:list', 'List and view nodes, their pods and events', [
    rule('', ['nodes'], read),
  ]),
  permission('node:cordon', 'Pause and resume scheduling on nodes', [
    rule('', ['nodes'], ['patch']),
  ]),
  permission('node:update', 'Edit node labels, annotations and taints', [
    rule('', ['nodes'], write),
  ]),
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
