import { isDeletable } from '../deleteCalls';
import type { ListedKind } from '../resourceKinds';
import { columnsOf } from './columns';
import { withCreateForm } from './createForms';
import { deleteAction } from './deleteAction';
import { kindIdentity } from './identity';
import { namespaceDescriptor } from './namespace';
import { applicationCreate } from './application';
import { describeWorkload } from './workload';
import { nodeDescriptor } from './node';
import { podDescriptor } from './pod';
import { detailSections, STANDARD_ACTIONS } from './standard';
import type { KindDescriptor } from './types';

/**
 * A kind with the standard sections and actions (and its creation form). `editPermission` is the catalogue permission
 * for its labels and annotations (operator/src/access/catalogue.ts).
 */
const describe = (kind: ListedKind, editPermission?: string): KindDescriptor =>
  withCreateForm({
    ...kindIdentity(kind),
    columns: columnsOf(kind),
    sections: detailSections([], { editPermission }),
    actions: isDeletable(kind) ? [...STANDARD_ACTIONS, deleteAction(kind)] : STANDARD_ACTIONS,
  });

/** Every listed kind, described once; the order of LISTED_KINDS (the User Services menu). */
export const BUILT_IN_KIND_DESCRIPTORS: Record<ListedKind, KindDescriptor> = {
  Deployment: {
    ...describeWorkload('Deployment'),
    create: applicationCreate,
  },
  StatefulSet: describeWorkload('StatefulSet'),
  CronJob: describeWorkload('CronJob'),
  DaemonSet: describeWorkload('DaemonSet'),
  Pod: podDescriptor,
  Service: describe('Service', 'service:update'),
  Ingress: describe('Ingress', 'ingress:update'),
  ConfigMap: describe('ConfigMap', 'configmap:update'),
  // Only metadata of Secrets reaches the console.
  Secret: describe('Secret', 'secret:update'),
  Namespace: namespaceDescriptor,
  PersistentVolume: describe('PersistentVolume'),
  PersistentVolumeClaim: describe('PersistentVolumeClaim'),
  StorageClass: describe('StorageClass'),
  Node: nodeDescriptor,
  Job: describeWorkload('Job'),
  Event: describe('Event'),
};
