import { arrayAt, textAt, valueAt, type KubeObject } from './kubeObject';
import {
  nodeInternalIP,
  nodeKubeletVersion,
  nodeReady,
  nodeRoles,
  nodeSchedulable,
} from './nodeFields';
import { LISTED_KINDS, type ListedKind } from './resourceKinds';

/**
 * Each listed kind described once: its index plural (the API's kind segment), whether it lives in a
 * namespace, its list columns and detail sections. The generic list and detail screens render
 * from these descriptors.
 */

/** How a column's value is shown: plain text, a timestamp, or a yes/no state. */
export type ColumnDisplay = 'text' | 'time' | 'state';

export interface KindColumn {
  /** Also the translation key below `resources.columns`. */
  key: ColumnKey;
  display: ColumnDisplay;
  value: (object: KubeObject) => string | boolean | undefined;
}

/** Sections of the detail page, in order; `node` and `namespace` are kind-specific. */
export type DetailSection = 'metadata' | 'labels' | 'annotations' | 'node' | 'namespace' | 'yaml';

export interface KindDescriptor {
  kind: ListedKind;
  plural: string;
  namespaced: boolean;
  columns: readonly KindColumn[];
  detailSections: readonly DetailSection[];
}

export type ColumnKey =
  | 'completions'
  | 'completedAt'
  | 'eventType'
  | 'reason'
  | 'involvedObject'
  | 'message'
  | 'ready'
  | 'replicas'
  | 'schedule'
  | 'suspend'
  | 'lastSchedule'
  | 'desired'
  | 'phase'
  | 'restarts'
  | 'node'
  | 'podIP'
  | 'serviceType'
  | 'clusterIP'
  | 'ports'
  | 'hosts'
  | 'ingressClass'
  | 'keys'
  | 'capacity'
  | 'accessModes'
  | 'storageClass'
  | 'claim'
  | 'volume'
  | 'provisioner'
  | 'reclaimPolicy'
  | 'roles'
  | 'version'
  | 'internalIP'
  | 'schedulable';

const text = (key: ColumnKey, value: KindColumn['value']): KindColumn => ({
  key,
  display: 'text',
  value,
});

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

const replicasReady: KindColumn = text(
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

const STANDARD_SECTIONS: readonly DetailSection[] = ['metadata', 'labels', 'annotations', 'yaml'];

const describe = (
  kind: ListedKind,
  plural: string,
  namespaced: boolean,
  columns: readonly KindColumn[],
  detailSections: readonly DetailSection[] = STANDARD_SECTIONS,
): KindDescriptor => ({ kind, plural, namespaced, columns, detailSections });

export const KIND_DESCRIPTORS: Record<ListedKind, KindDescriptor> = {
  Deployment: describe('Deployment', 'deployments', true, [replicasReady]),
  StatefulSet: describe('StatefulSet', 'statefulsets', true, [replicasReady]),
  CronJob: describe('CronJob', 'cronjobs', true, [
    text('schedule', (o) => textAt(o, 'spec', 'schedule')),
    { key: 'suspend', display: 'state', value: (o) => valueAt(o, 'spec', 'suspend') === true },
    { key: 'lastSchedule', display: 'time', value: (o) => textAt(o, 'status', 'lastScheduleTime') },
  ]),
  DaemonSet: describe('DaemonSet', 'daemonsets', true, [
    text('desired', (o) => String(count(valueAt(o, 'status', 'desiredNumberScheduled')))),
    text('ready', (o) => String(count(valueAt(o, 'status', 'numberReady')))),
  ]),
  Pod: describe('Pod', 'pods', true, [
    phase,
    text('ready', podReady),
    text('restarts', podRestarts),
    text('node', (o) => textAt(o, 'spec', 'nodeName')),
    text('podIP', (o) => textAt(o, 'status', 'podIP')),
  ]),
  Service: describe('Service', 'services', true, [
    text('serviceType', (o) => textAt(o, 'spec', 'type')),
    text('clusterIP', (o) => textAt(o, 'spec', 'clusterIP')),
    text('ports', servicePorts),
  ]),
  Ingress: describe('Ingress', 'ingresses', true, [
    text('ingressClass', (o) => textAt(o, 'spec', 'ingressClassName')),
    text('hosts', (o) =>
      arrayAt(o, 'spec', 'rules')
        .map((rule) => textAt(rule, 'host') ?? '*')
        .join(', '),
    ),
  ]),
  ConfigMap: describe('ConfigMap', 'configmaps', true, [
    text('keys', (o) => {
      const data = valueAt(o, 'data');
      return String(typeof data === 'object' && data !== null ? Object.keys(data).length : 0);
    }),
  ]),
  // Only metadata of Secrets reaches the console.
  Secret: describe('Secret', 'secrets', true, []),
  Namespace: describe(
    'Namespace',
    'namespaces',
    false,
    [phase],
    ['metadata', 'labels', 'annotations', 'namespace', 'yaml'],
  ),
  PersistentVolume: describe('PersistentVolume', 'persistentvolumes', false, [
    phase,
    text('capacity', (o) => textAt(o, 'spec', 'capacity', 'storage')),
    accessModes,
    storageClass,
    text('claim', (o) => {
      const name = textAt(o, 'spec', 'claimRef', 'name');
      return name && `${textAt(o, 'spec', 'claimRef', 'namespace') ?? ''}/${name}`;
    }),
  ]),
  PersistentVolumeClaim: describe('PersistentVolumeClaim', 'persistentvolumeclaims', true, [
    phase,
    text('capacity', (o) => textAt(o, 'status', 'capacity', 'storage')),
    accessModes,
    storageClass,
    text('volume', (o) => textAt(o, 'spec', 'volumeName')),
  ]),
  StorageClass: describe('StorageClass', 'storageclasses', false, [
    text('provisioner', (o) => textAt(o, 'provisioner')),
    text('reclaimPolicy', (o) => textAt(o, 'reclaimPolicy')),
  ]),
  Node: describe(
    'Node',
    'nodes',
    false,
    [
      { key: 'ready', display: 'state', value: nodeReady },
      text('roles', (o) => nodeRoles(o).join(', ')),
      text('version', nodeKubeletVersion),
      text('internalIP', nodeInternalIP),
      { key: 'schedulable', display: 'state', value: nodeSchedulable },
    ],
    ['node', 'labels', 'annotations', 'yaml'],
  ),
  Job: describe('Job', 'jobs', true, [
    text('completions', (o) => {
      const wanted = valueAt(o, 'spec', 'completions');
      return `${count(valueAt(o, 'status', 'succeeded'))}/${typeof wanted === 'number' ? wanted : 1}`;
    }),
    { key: 'completedAt', display: 'time', value: (o) => textAt(o, 'status', 'completionTime') },
  ]),
  Event: describe('Event', 'events', true, [
    text('eventType', (o) => textAt(o, 'type')),
    text('reason', (o) => textAt(o, 'reason')),
    text('involvedObject', (o) => {
      const name = textAt(o, 'involvedObject', 'name');
      return name && `${textAt(o, 'involvedObject', 'kind') ?? ''}/${name}`;
    }),
    text('message', (o) => textAt(o, 'message')),
  ]),
};

const BY_PLURAL = new Map(LISTED_KINDS.map((kind) => [KIND_DESCRIPTORS[kind].plural, kind]));

/**
 * The kind a route's `:type` names. Routes use the Kind (`Pod`); older history records and
 * favourites used the index plural (`pods`), which is accepted too, in any letter case.
 */
export function kindOfType(type: string): ListedKind | undefined {
  const exact = LISTED_KINDS.find((kind) => kind === type);
  if (exact) return exact;
  const lower = type.toLowerCase();
  return (
    LISTED_KINDS.find((kind) => kind.toLowerCase() === lower) ?? BY_PLURAL.get(lower) ?? undefined
  );
}

export const descriptorOfType = (type: string): KindDescriptor | undefined => {
  const kind = kindOfType(type);
  return kind && KIND_DESCRIPTORS[kind];
};

/** The Kind for a search result or stored record type; unknown types are kept as given. */
export const routeTypeOf = (type: string): string => kindOfType(type) ?? type;

export const pluralOf = (kind: ListedKind): string => KIND_DESCRIPTORS[kind].plural;
