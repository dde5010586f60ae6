import type { WorkloadKind } from '@nimbus/api/shared';
import { hotfixKinds, rolloutKinds, scalableKinds } from '@nimbus/api/shared';
import { lazy } from 'react';
import type { WorkloadTarget } from '../../api/workloadApi';
import { workloadApi } from '../../api/workloadApi';
import type { ListedKind } from '../resourceKinds';
import { columnsOf } from './columns';
import { completed } from './completed';
import { kindIdentity } from './identity';
import { detailSections, lazySection, STANDARD_ACTIONS } from './standard';
import type {
  ActionDescriptor,
  KindDescriptor,
  ListViewDescriptor,
  ResourceContext,
} from './types';

// Applications (lifecycle actions): scale, restart, rollback, hotfix, CronJob suspend/resume and
// run now, delete; detail sections conditions, pods, events, revisions and services.

const sections = () => import('../../pages/workloads/WorkloadSections');
const dialogs = () => import('../../pages/workloads/WorkloadDialogs');

export const workloadTargetOf = ({ address }: ResourceContext): WorkloadTarget => ({
  vendor: address.vendor,
  region: address.region,
  cluster: address.cluster,
  kind: address.plural as WorkloadKind,
  namespace: address.namespace ?? '',
  name: address.name,
});

const kindIn = (kinds: readonly string[]) => (context: ResourceContext) =>
  kinds.includes(context.address.plural);
const suspended = ({ object }: ResourceContext) =>
  (object as { spec?: { suspend?: boolean } } | undefined)?.spec?.suspend === true;

const scale: ActionDescriptor = {
  id: 'scale',
  labelKey: 'resources.workload.scale',
  confirm: {
    kind: 'confirm',
    titleKey: 'resources.workload.scaleTitle',
    textKey: 'resources.workload.scaleTitle',
  },
  permission: 'application:scale',
  available: kindIn(scalableKinds),
  dialog: lazy(async () => ({ default: (await dialogs()).ScaleDialog })),
};

/** "Scale automatically": the workload's HPA, beside the scale by hand. */
const autoscale: ActionDescriptor = {
  id: 'autoscale',
  labelKey: 'appForm.autoscale.action',
  confirm: {
    kind: 'confirm',
    titleKey: 'appForm.autoscale.dialogTitle',
    textKey: 'appForm.autoscale.dialogTitle',
  },
  // The HPA is the autoscaler catalogue area's; the member decides create vs update.
  permission: 'autoscaler:update',
  available: kindIn(scalableKinds),
  dialog: lazy(async () => ({
    default: (await import('../../pages/applications/AutoscaleDialog')).AutoscaleDialog,
  })),
};

const restart: ActionDescriptor = {
  id: 'restart',
  labelKey: 'resources.workload.restart',
  confirm: {
    kind: 'confirm',
    titleKey: 'resources.workload.restartTitle',
    textKey: 'resources.workload.restartText',
  },
  permission: 'application:restart',
  available: kindIn(rolloutKinds),
  run: (context, dispatch) =>
    completed(dispatch(workloadApi.endpoints.restartWorkload.initiate(workloadTargetOf(context)))),
};

const rollback: ActionDescriptor = {
  id: 'rollback',
  labelKey: 'resources.workload.rollback',
  confirm: {
    kind: 'confirm',
    titleKey: 'resources.workload.rollbackTitle',
    textKey: 'resources.workload.rollbackTitle',
  },
  permission: 'application:rollback',
  available: kindIn(rolloutKinds),
  dialog: lazy(async () => ({ default: (await dialogs()).RollbackDialog })),
};

const hotfix: ActionDescriptor = {
  id: 'hotfix',
  labelKey: 'resources.workload.hotfix',
  confirm: {
    kind: 'confirm',
    titleKey: 'resources.workload.hotfixTitle',
    textKey: 'resources.workload.hotfixTitle',
  },
  permission: 'application:rollback',
  available: kindIn(hotfixKinds),
  dialog: lazy(async () => ({ default: (await dialogs()).HotfixDialog })),
};

/** Suspend (pause) or resume a CronJob: the pause and resume confirm dialogs. */
const suspension = (suspend: boolean): ActionDescriptor => ({
  id: suspend ? 'suspend' : 'resume',
  labelKey: suspend ? 'resources.workload.suspend' : 'resources.workload.resume',
  danger: suspend,
  confirm: {
    kind: 'confirm',
    titleKey: suspend ? 'resources.workload.suspendTitle' : 'resources.workload.resumeTitle',
    textKey: suspend ? 'resources.workload.suspendText' : 'resources.workload.resumeText',
  },
  permission: 'application:update',
  available: (context) =>
    context.address.plural === 'cronjobs' &&
    context.object !== undefined &&
    suspended(context) !== suspend,
  run: (context, dispatch) =>
    completed(
      dispatch(
        workloadApi.endpoints.suspendCronJob.initiate({
          ...workloadTargetOf(context),
          body: { suspend },
        }),
      ),
    ),
});

const runNow: ActionDescriptor = {
  id: 'run',
  labelKey: 'resources.workload.run',
  confirm: {
    kind: 'confirm',
    titleKey: 'resources.workload.runTitle',
    textKey: 'resources.workload.runText',
  },
  permission: 'application:create',
  available: kindIn(['cronjobs']),
  run: (context, dispatch) =>
    completed(dispatch(workloadApi.endpoints.runCronJob.initiate(workloadTargetOf(context)))),
};

const remove: ActionDescriptor = {
  id: 'delete',
  labelKey: 'resources.workload.delete',
  danger: true,
  confirm: { kind: 'typeName', titleKey: 'resources.workload.deleteTitle' },
  permission: 'application:delete',
  run: (context, dispatch) =>
    completed(dispatch(workloadApi.endpoints.deleteWorkload.initiate(workloadTargetOf(context)))),
  after: 'list',
};

const WORKLOAD_ACTIONS: readonly ActionDescriptor[] = [
  scale,
  autoscale,
  restart,
  rollback,
  hotfix,
  suspension(true),
  suspension(false),
  runNow,
  ...STANDARD_ACTIONS,
  remove,
];

const section = (
  id: string,
  pick: (
    m: Awaited<ReturnType<typeof sections>>,
  ) => KindDescriptor['sections'][number]['component'],
) => lazySection(id, async () => pick(await sections()));

const conditionsSection = section('conditions', (m) => m.WorkloadConditionsSection);
const podsSection = section('pods', (m) => m.WorkloadPodsSection);
const eventsSection = section('events', (m) => m.WorkloadEventsSection);
const revisionsSection = section('revisions', (m) => m.WorkloadRevisionsSection);
const servicesSection = section('services', (m) => m.WorkloadServicesSection);

/** The batch application operation, a tab beside the list. */
const batchView: ListViewDescriptor = {
  id: 'batch',
  labelKey: 'resourceForms.batch.tab',
  permissions: ['application:restart', 'application:update', 'application:delete'],
  component: lazy(async () => ({
    default: (await import('../../pages/workloads/batch/BatchOperationView')).BatchOperationView,
  })),
};

/** An application kind: its sections (revisions only where it rolls out) and lifecycle actions. */
export function describeWorkload(kind: ListedKind): KindDescriptor {
  const identity = kindIdentity(kind);
  const rollsOut = (rolloutKinds as readonly string[]).includes(identity.plural);
  return {
    ...identity,
    columns: columnsOf(kind),
    sections: detailSections(
      [
        conditionsSection,
        podsSection,
        ...(rollsOut ? [revisionsSection] : []),
        servicesSection,
        eventsSection,
      ],
      { editPermission: 'application:update' },
    ),
    actions: WORKLOAD_ACTIONS,
    listViews: [batchView],
  };
}
