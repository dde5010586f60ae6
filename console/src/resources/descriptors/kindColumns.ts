import { arrayAt, textAt, valueAt, type KubeObject } from '../kubeObject';
import {
  nodeInternalIP,
  nodeKubeletVersion,
  nodeReady,
  nodeRoles,
  nodeSchedulable,
} from '../nodeFields';
import { stateColumn, textColumn as text, timeColumn } from './columns';
import type { ColumnDescriptor } from './types';

// The list columns of each listed kind, read from the index's trimmed objects.

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

const replicasReady = text(
  'ready',
  (o) => `${count(valueAt(o, 'status', 'readyReplicas'))}/${count(valueAt(o, 'spec', 'replicas'))}`,
);

const podReady = (o: KubeObject): string => {
  const statuses = arrayAt(o, 'status', 'containerStatuses');
  const ready = statuses.filter((status) => valueAt(status, 'ready') === true).length;
  const total = Math.max(statuses.length, arrayAt(o, 'spec', 'containers').length);
  return `${ready}/${total}`;
};

const podRestarts = (o: KubeObject): string =>
  String(
    arrayAt(o, 'status', 'containerStatuses').reduce<number>(
      (sum, status) => sum + count(valueAt(status, 'restartCount')),
      0,
    ),
  );

const servicePorts = (o: KubeObject): string =>
  arrayAt(o, 'spec', 'ports')
    .map((port) => {
      const nodePort = textAt(port, 'nodePort');
      const base = `${textAt(port, 'port') ?? ''}${nodePort ? `:${nodePort}` : ''}`;
      return `${base}/${textAt(port, 'protocol') ?? 'TCP'}`;
    })
    .join(', ');

const phase = text('phase', (o) => textAt(o, 'status', 'phase'));
const storageClass = text('storageClass', (o) => textAt(o, 'spec', 'storageClassName'));
const accessModes = text('accessModes', (o) =>
  arrayAt(o, 'spec', 'accessModes').map(String).join(', '),
);

export const workloadColumns: readonly ColumnDescriptor[] = [replicasReady];

export const cronJobColumns: readonly ColumnDescriptor[] = [
  text('schedule', (o) => textAt(o, 'spec', 'schedule')),
  // A suspended CronJob is the state to notice.
  stateColumn('suspend', (o) => valueAt(o, 'spec', 'suspend') === true, {
    onKey: 'resources.states.yes',
    offKey: 'resources.states.no',
    goodWhenOn: false,
  }),
  timeColumn('lastSchedule', (o) => textAt(o, 'status', 'lastScheduleTime')),
];

export const daemonSetColumns: readonly ColumnDescriptor[] = [
  text('desired', (o) => String(count(valueAt(o, 'status', 'desiredNumberScheduled')))),
  text('ready', (o) => String(count(valueAt(o, 'status', 'numberReady')))),
];

export const podColumns: readonly ColumnDescriptor[] = [
  phase,
  text('ready', podReady),
  text('restarts', podRestarts),
  text('node', (o) => textAt(o, 'spec', 'nodeName')),
  text('podIP', (o) => textAt(o, 'status', 'podIP')),
];

export const serviceColumns: readonly ColumnDescriptor[] = [
  text('serviceType', (o) => textAt(o, 'spec', 'type')),
  text('clusterIP', (o) => textAt(o, 'spec', 'clusterIP')),
  text('ports', servicePorts),
];

export const ingressColumns: readonly ColumnDescriptor[] = [
  text('ingressClass', (o) => textAt(o, 'spec', 'ingressClassName')),
  text('hosts', (o) =>
    arrayAt(o, 'spec', 'rules')
      .map((rule) => textAt(rule, 'host') ?? '*')
      .join(', '),
  ),
];

export const configMapColumns: readonly ColumnDescriptor[] = [
  text('keys', (o) => {
    const data = valueAt(o, 'data');
    return String(typeof data === 'object' && data !== null ? Object.keys(data).length : 0);
  }),
];

export const namespaceColumns: readonly ColumnDescriptor[] = [phase];

export const persistentVolumeColumns: readonly ColumnDescriptor[] = [
  phase,
  text('capacity', (o) => textAt(o, 'spec', 'capacity', 'storage')),
  accessModes,
  storageClass,
  text('claim', (o) => {
    const name = textAt(o, 'spec', 'claimRef', 'name');
    return name && `${textAt(o, 'spec', 'claimRef', 'namespace') ?? ''}/${name}`;
  }),
];

export const persistentVolumeClaimColumns: readonly ColumnDescriptor[] = [
  phase,
  text('capacity', (o) => textAt(o, 'status', 'capacity', 'storage')),
  accessModes,
  storageClass,
  text('volume', (o) => textAt(o, 'spec', 'volumeName')),
];

export const storageClassColumns: readonly ColumnDescriptor[] = [
  text('provisioner', (o) => textAt(o, 'provisioner')),
  text('reclaimPolicy', (o) => textAt(o, 'reclaimPolicy')),
];

export const nodeColumns: readonly ColumnDescriptor[] = [
  stateColumn('ready', nodeReady, {
    onKey: 'resources.node.ready',
    offKey: 'resources.node.notReady',
    goodWhenOn: true,
  }),
  text('roles', (o) => nodeRoles(o).join(', ')),
  text('version', nodeKubeletVersion),
  text('internalIP', nodeInternalIP),
  stateColumn('schedulable', nodeSchedulable, {
    onKey: 'resources.node.schedulable',
    offKey: 'resources.node.unschedulable',
    goodWhenOn: true,
  }),
];

export const jobColumns: readonly ColumnDescriptor[] = [
  text('completions', (o) => {
    const wanted = valueAt(o, 'spec', 'completions');
    return `${count(valueAt(o, 'status', 'succeeded'))}/${typeof wanted === 'number' ? wanted : 1}`;
  }),
  timeColumn('completedAt', (o) => textAt(o, 'status', 'completionTime')),
];

export const eventColumns: readonly ColumnDescriptor[] = [
  text('eventType', (o) => textAt(o, 'type')),
  text('reason', (o) => textAt(o, 'reason')),
  text('involvedObject', (o) => {
    const name = textAt(o, 'involvedObject', 'name');
    return name && `${textAt(o, 'involvedObject', 'kind') ?? ''}/${name}`;
  }),
  text('message', (o) => textAt(o, 'message')),
];
