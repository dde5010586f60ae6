import { DELETABLE_KINDS } from './deleteCalls';
import { expect, it } from 'vitest';
import { descriptorOfType, kindOfType, pluralOf, routeTypeOf } from './kindDescriptors';
import { LISTED_KINDS } from './resourceKinds';

it('maps every listed kind to its index plural and back', () => {
  expect(LISTED_KINDS.map(pluralOf)).toEqual([
    'deployments',
    'statefulsets',
    'cronjobs',
    'daemonsets',
    'pods',
    'services',
    'ingresses',
    'configmaps',
    'secrets',
    'namespaces',
    'persistentvolumes',
    'persistentvolumeclaims',
    'storageclasses',
    'nodes',
    'jobs',
    'events',
  ]);
  for (const kind of LISTED_KINDS) expect(kindOfType(pluralOf(kind))).toBe(kind);
});

it('accepts the Kind, its plural and any letter case, and nothing else', () => {
  expect(kindOfType('Pod')).toBe('Pod');
  expect(kindOfType('pods')).toBe('Pod');
  expect(kindOfType('deployment')).toBe('Deployment');
  expect(kindOfType('PersistentVolumeClaims')).toBe('PersistentVolumeClaim');
  expect(kindOfType('events')).toBe('Event');
  expect(kindOfType('widgets')).toBeUndefined();
  expect(routeTypeOf('configmaps')).toBe('ConfigMap');
  expect(routeTypeOf('jobs')).toBe('Job');
  expect(routeTypeOf('widgets')).toBe('widgets');
});

const sectionsOf = (type: string) => descriptorOfType(type)?.sections.map((section) => section.id);
const actionsOf = (type: string) => descriptorOfType(type)?.actions.map((action) => action.id);

it('marks cluster-scoped kinds and gives pods, nodes and namespaces their own sections and actions', () => {
  const clusterScoped = LISTED_KINDS.filter((kind) => !descriptorOfType(kind)?.namespaced);
  expect(clusterScoped).toEqual(['Namespace', 'PersistentVolume', 'StorageClass', 'Node']);
  expect(sectionsOf('Pod')).toEqual([
    'metadata',
    'containers',
    'metrics',
    'conditions',
    'events',
    'labels',
    'annotations',
    'yaml',
  ]);
  expect(actionsOf('Pod')).toEqual(['collect', 'uncollect', 'editYaml', 'delete']);
  expect(sectionsOf('Node')).toEqual([
    'node',
    'taints',
    'pods',
    'events',
    'labels',
    'annotations',
    'yaml',
  ]);
  expect(actionsOf('Node')).toEqual(['cordon', 'uncordon', 'collect', 'uncollect', 'editYaml']);
  expect(sectionsOf('Namespace')).toEqual([
    'metadata',
    'quota',
    'limitRange',
    'labels',
    'annotations',
    'yaml',
  ]);
  expect(actionsOf('Namespace')).toEqual(['collect', 'uncollect', 'editYaml', 'delete']);
  expect(descriptorOfType('Namespace')?.actions.at(-1)?.confirm.kind).toBe('typeName');
  expect(descriptorOfType('Namespace')?.create?.forms).toEqual(['Namespace']);
  // Every kind but events and nodes is deleted from its detail page behind its name.
  const deletable = LISTED_KINDS.filter((kind) =>
    descriptorOfType(kind)?.actions.some(
      (action) => action.id === 'delete' && action.confirm.kind === 'typeName' && action.danger,
    ),
  );
  expect(deletable).toEqual(LISTED_KINDS.filter((kind) => kind !== 'Event' && kind !== 'Node'));
  expect([...DELETABLE_KINDS].sort()).toEqual([...deletable].sort());
  expect(LISTED_KINDS.filter((kind) => descriptorOfType(kind)?.create)).toEqual([
    'Deployment',
    'Service',
    'Ingress',
    'ConfigMap',
    'Secret',
    'Namespace',
    'PersistentVolume',
    'PersistentVolumeClaim',
    'StorageClass',
  ]);
  // One shared application form behind add/Application and the four kinds.
  expect(descriptorOfType('Deployment')?.create?.forms).toEqual([
    'Application',
    'Deployment',
    'StatefulSet',
    'CronJob',
    'DaemonSet',
  ]);
  expect(descriptorOfType('PersistentVolumeClaim')?.create?.forms).toEqual([
    'PersistentVolumeClaims',
  ]);
  expect(descriptorOfType('Node')?.columns.map((column) => column.key)).toEqual([
    'ready',
    'roles',
    'version',
    'internalIP',
    'schedulable',
  ]);
});

it('reads the node columns from a node object', () => {
  const node = {
    metadata: {
      name: 'n1',
      labels: { 'node-role.kubernetes.io/control-plane': '', 'kubernetes.io/os': 'linux' },
    },
    spec: { unschedulable: true },
    status: {
      conditions: [{ type: 'Ready', status: 'True' }],
      addresses: [
        { type: 'Hostname', address: 'n1' },
        { type: 'InternalIP', address: '10.0.0.5' },
      ],
      nodeInfo: { kubeletVersion: 'v1.33.1' },
    },
  };
  const values = descriptorOfType('Node')?.columns.map((column) => column.value(node));
  expect(values).toEqual([true, 'control-plane', 'v1.33.1', '10.0.0.5', false]);
});
