import type { ListedKind } from '../resourceKinds';
import {
  configMapColumns,
  cronJobColumns,
  daemonSetColumns,
  eventColumns,
  ingressColumns,
  jobColumns,
  persistentVolumeClaimColumns,
  persistentVolumeColumns,
  serviceColumns,
  storageClassColumns,
  workloadColumns,
} from './kindColumns';
import { withCreateForm } from './createForms';
import { namespaceDescriptor } from './namespace';
import { applicationCreate } from './application';
import { describeWorkload } from './workload';
import { nodeDescriptor } from './node';
import { podDescriptor } from './pod';
import { detailSections, STANDARD_ACTIONS } from './standard';
import type { ColumnDescriptor, KindDescriptor } from './types';

/**
 * A kind with the standard sections and actions (and its creation form). `editPermission` is the catalogue permission
 * for its labels and annotations (operator/src/access/catalogue.ts).
 */
const describe = (
  kind: ListedKind,
  plural: string,
  namespaced: boolean,
  columns: readonly ColumnDescriptor[],
  editPermission?: string,
): KindDescriptor =>
  withCreateForm({
    kind,
    labelKey: `kinds.${kind}`,
    plural,
    namespaced,
    columns,
    sections: detailSections([], { editPermission }),
    actions: STANDARD_ACTIONS,
  });

/** Every listed kind, described once; the order of LISTED_KINDS (the User Services menu). */
export const BUILT_IN_KIND_DESCRIPTORS: Record<ListedKind, KindDescriptor> = {
  Deployment: {
    ...describeWorkload('Deployment', 'deployments', workloadColumns),
    create: applicationCreate,
  },
  StatefulSet: describeWorkload('StatefulSet', 'statefulsets', workloadColumns),
  CronJob: describeWorkload('CronJob', 'cronjobs', cronJobColumns),
  DaemonSet: describeWorkload('DaemonSet', 'daemonsets', daemonSetColumns),
  Pod: podDescriptor,
  Service: describe('Service', 'services', true, serviceColumns, 'service:update'),
  Ingress: describe('Ingress', 'ingresses', true, ingressColumns, 'ingress:update'),
  ConfigMap: describe('ConfigMap', 'configmaps', true, configMapColumns, 'configmap:update'),
  // Only metadata of Secrets reaches the console.
  Secret: describe('Secret', 'secrets', true, [], 'secret:update'),
  Namespace: namespaceDescriptor,
  PersistentVolume: describe(
    'PersistentVolume',
    'persistentvolumes',
    false,
    persistentVolumeColumns,
  ),
  PersistentVolumeClaim: describe(
    'PersistentVolumeClaim',
    'persistentvolumeclaims',
    true,
    persistentVolumeClaimColumns,
  ),
  StorageClass: describe('StorageClass', 'storageclasses', false, storageClassColumns),
  Node: nodeDescriptor,
  Job: describeWorkload('Job', 'jobs', jobColumns),
  Event: describe('Event', 'events', true, eventColumns),
};
