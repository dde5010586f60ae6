// The list columns of each indexed kind, declared once. The console reads them over the index's
// trimmed objects (its lists) and the operator over live objects (the rows of a detail page's
// sub-tables, e.g. a node's pods), so a kind's columns read the same everywhere.
import type { IndexedKindName } from './kinds.js';
import {
  nodeInternalIP,
  nodeKubeletVersion,
  nodeReady,
  nodeRolesOf,
  nodeSchedulable,
} from './nodes.js';
import { arrayAt, textAt, valueAt } from './object-paths.js';

export type CellValue = string | boolean | undefined;

/** Which pair of texts a yes/no cell shows (the console translates them). */
export type StateTexts = 'yesNo' | 'readiness' | 'scheduling';

/** How a cell shows: text, a time in the reader's language, or a yes/no tag. */
export type CellDisplay =
  | { type: 'text' }
  | { type: 'time' }
  /** `goodWhenOn`: whether "yes" is the good (green) state. */
  | { type: 'state'; texts: StateTexts; goodWhenOn: boolean };

/** One column: its key (the console's title is `resources.columns.<key>`) and how it reads. */
export interface KindColumn<Key extends string = string> {
  key: Key;
  display: CellDisplay;
  value: (object: unknown) => CellValue;
}

const text = <Key extends string>(key: Key, value: KindColumn['value']): KindColumn<Key> => ({
  key,
  display: { type: 'text' },
  value,
});

const time = <Key extends string>(key: Key, value: KindColumn['value']): KindColumn<Key> => ({
  key,
  display: { type: 'time' },
  value,
});

const state = <Key extends string>(
  key: Key,
  value: (object: unknown) => boolean,
  display: { texts: StateTexts; goodWhenOn: boolean },
): KindColumn<Key> => ({ key, display: { type: 'state', ...display }, value });

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Ready containers over all containers, as kubectl prints it: "1/2". */
const podReady = (pod: unknown): string => {
  const statuses = arrayAt(pod, 'status', 'containerStatuses');
  const ready = statuses.filter((status) => valueAt(status, 'ready') === true).length;
  const total = Math.max(statuses.length, arrayAt(pod, 'spec', 'containers').length);
  return `${ready}/${total}`;
};

const podRestarts = (pod: unknown): string =>
  String(
    arrayAt(pod, 'status', 'containerStatuses').reduce<number>(
      (sum, status) => sum + count(valueAt(status, 'restartCount')),
      0,
    ),
  );

/** port[:nodePort]→targetPort/protocol for each port. */
const servicePorts = (service: unknown): string =>
  arrayAt(service, 'spec', 'ports')
    .map((port) => {
      const nodePort = textAt(port, 'nodePort');
      const target = textAt(port, 'targetPort') ?? textAt(port, 'port');
      const base = `${textAt(port, 'port') ?? ''}${nodePort ? `:${nodePort}` : ''}`;
      return `${base}${target ? `→${target}` : ''}/${textAt(port, 'protocol') ?? 'TCP'}`;
    })
    .join(', ');

const replicasReady = text(
  'ready',
  (o) => `${count(valueAt(o, 'status', 'readyReplicas'))}/${count(valueAt(o, 'spec', 'replicas'))}`,
);
const phase = text('phase', (o) => textAt(o, 'status', 'phase'));
const storageClass = text('storageClass', (o) => textAt(o, 'spec', 'storageClassName'));
const accessModes = text('accessModes', (o) =>
  arrayAt(o, 'spec', 'accessModes').map(String).join(', '),
);
const yesNo = { texts: 'yesNo', goodWhenOn: true } as const;

export const kindColumns = {
  Deployment: [replicasReady],
  StatefulSet: [replicasReady],
  CronJob: [
    text('schedule', (o) => textAt(o, 'spec', 'schedule')),
    // A suspended CronJob is the state to notice.
    state('suspend', (o) => valueAt(o, 'spec', 'suspend') === true, {
      ...yesNo,
      goodWhenOn: false,
    }),
    time('lastSchedule', (o) => textAt(o, 'status', 'lastScheduleTime')),
  ],
  DaemonSet: [
    text('desired', (o) => String(count(valueAt(o, 'status', 'desiredNumberScheduled')))),
    text('ready', (o) => String(count(valueAt(o, 'status', 'numberReady')))),
  ],
  Pod: [
    phase,
    text('ready', podReady),
    text('restarts', podRestarts),
    text('node', (o) => textAt(o, 'spec', 'nodeName')),
    text('podIP', (o) => textAt(o, 'status', 'podIP')),
  ],
  Service: [
    text('serviceType', (o) => textAt(o, 'spec', 'type') ?? 'ClusterIP'),
    text('clusterIP', (o) => textAt(o, 'spec', 'clusterIP')),
    text('ports', servicePorts),
  ],
  Ingress: [
    text('ingressClass', (o) => textAt(o, 'spec', 'ingressClassName')),
    text('hosts', (o) =>
      arrayAt(o, 'spec', 'rules')
        .map((rule) => textAt(rule, 'host') ?? '*')
        .join(', '),
    ),
  ],
  ConfigMap: [
    text('keys', (o) => {
      const data = valueAt(o, 'data');
      return String(typeof data === 'object' && data !== null ? Object.keys(data).length : 0);
    }),
  ],
  // Only the metadata of Secrets is indexed.
  Secret: [],
  Namespace: [phase],
  PersistentVolume: [
    phase,
    text('capacity', (o) => textAt(o, 'spec', 'capacity', 'storage')),
    accessModes,
    storageClass,
    text('claim', (o) => {
      const name = textAt(o, 'spec', 'claimRef', 'name');
      return name && `${textAt(o, 'spec', 'claimRef', 'namespace') ?? ''}/${name}`;
    }),
  ],
  PersistentVolumeClaim: [
    phase,
    text('capacity', (o) => textAt(o, 'status', 'capacity', 'storage')),
    accessModes,
    storageClass,
    text('volume', (o) => textAt(o, 'spec', 'volumeName')),
  ],
  StorageClass: [
    text('provisioner', (o) => textAt(o, 'provisioner')),
    text('reclaimPolicy', (o) => textAt(o, 'reclaimPolicy')),
  ],
  Node: [
    state('ready', nodeReady, { texts: 'readiness', goodWhenOn: true }),
    text('roles', (o) => nodeRolesOf(o).join(', ')),
    text('version', nodeKubeletVersion),
    text('internalIP', nodeInternalIP),
    state('schedulable', nodeSchedulable, { texts: 'scheduling', goodWhenOn: true }),
  ],
  Job: [
    text('completions', (o) => {
      const wanted = valueAt(o, 'spec', 'completions');
      return `${count(valueAt(o, 'status', 'succeeded'))}/${typeof wanted === 'number' ? wanted : 1}`;
    }),
    time('completedAt', (o) => textAt(o, 'status', 'completionTime')),
  ],
  Event: [
    text('eventType', (o) => textAt(o, 'type')),
    text('reason', (o) => textAt(o, 'reason')),
    text('involvedObject', (o) => {
      const name = textAt(o, 'involvedObject', 'name');
      return name && `${textAt(o, 'involvedObject', 'kind') ?? ''}/${name}`;
    }),
    text('message', (o) => textAt(o, 'message')),
  ],
} as const satisfies Record<IndexedKindName, readonly KindColumn[]>;

/** Every column key a kind declares. */
export type KindColumnKey = (typeof kindColumns)[IndexedKindName][number]['key'];

/** One object as a sub-table row: who it is and its kind's cells (a missing value is left out). */
export interface KindRow {
  name: string;
  namespace?: string;
  createdAt: string;
  cells: Record<string, string | boolean>;
}

export function kindRowOf(kind: IndexedKindName, object: unknown): KindRow {
  const columns: readonly KindColumn[] = kindColumns[kind];
  const cells: Record<string, string | boolean> = {};
  for (const column of columns) {
    const value = column.value(object);
    if (value !== undefined) cells[column.key] = value;
  }
  const namespace = textAt(object, 'metadata', 'namespace');
  return {
    name: textAt(object, 'metadata', 'name') ?? '',
    ...(namespace ? { namespace } : {}),
    createdAt: textAt(object, 'metadata', 'creationTimestamp') ?? '',
    cells,
  };
}
