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
import { kindIdentity } from './identity';
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
  columns: readonly ColumnDescriptor[],
  editPermission?: string,
): KindDescriptor =>
  withCreateForm({
    ...kindIdentity(kind),
    columns,
    sections: detailSections([], { editPermission }),
    actions: STANDARD_ACTIONS,
  });

/** Every listed kind, described once; the order of LISTED_KINDS (the User Services menu). */
export const BUILT_IN_KIND_DESCRIPTORS: Record<ListedKind, KindDescriptor> = {
  Deployment: {
    ...describeWorkload('Deployment', workloadColumns),
    create: applicationCreate,
  },
  StatefulSet: describeWorkload('StatefulSet', workloadColumns),
  CronJob: describeWorkload('CronJob', cronJobColumns),
  DaemonSet: describeWorkload('DaemonSet', daemonSetColumns),
  Pod: podDescriptor,
  Service: describe('Service', serviceColumns, 'service:update'),
  Ingress: describe('Ingress', ingressColumns, 'ingress:update'),
  ConfigMap: describe('ConfigMap', configMapColumns, 'configmap:update'),
  // Only metadata of Secrets reaches the console.
  Secret: describe('Secret', [], 'secret:update'),
  Namespace: namespaceDescriptor,
  PersistentVolume: describe('PersistentVolume', persistentVolumeColumns),
  PersistentVolumeClaim: describe('PersistentVolumeClaim', persistentVolumeClaimColumns),
  StorageClass: describe('StorageClass', storageClassColumns),
  Node: nodeDescriptor,
  Job: describeWorkload('Job', jobColumns),
  Event: describe('Event', eventColumns),
};
