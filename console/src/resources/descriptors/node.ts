import type { NodeAddress } from '@nimbus/api';
import { lazy } from 'react';
import { nodeApi } from '../../api/nodeApi';
import { nodeSchedulable } from '@nimbus/api/shared';
import { completed } from './completed';
import { kindIdentity } from './identity';
import { columnsOf } from './columns';
import { detailSections, lazySection, STANDARD_ACTIONS } from './standard';
import type { ActionDescriptor, KindDescriptor, ResourceContext } from './types';

const nodeSections = () => import('../../pages/nodes/NodeDetailSections');

const nodeAddressOf = ({ address }: ResourceContext): NodeAddress => ({
  vendor: address.vendor,
  region: address.region,
  cluster: address.cluster,
  node: address.name,
});

/** Pause (cordon) or resume (uncordon) scheduling: the node's lifecycle actions. */
const scheduling = (pausing: boolean): ActionDescriptor => ({
  id: pausing ? 'cordon' : 'uncordon',
  labelKey: pausing ? 'resources.node.cordon' : 'resources.node.uncordon',
  danger: pausing,
  confirm: {
    kind: 'confirm',
    titleKey: pausing ? 'resources.node.cordonTitle' : 'resources.node.uncordonTitle',
    textKey: pausing ? 'resources.node.cordonText' : 'resources.node.uncordonText',
  },
  permission: 'node:cordon',
  available: ({ object }) => object !== undefined && nodeSchedulable(object) === pausing,
  run: (context, dispatch) =>
    completed(
      dispatch(
        nodeApi.endpoints.setNodeUnschedulable.initiate({
          ...nodeAddressOf(context),
          unschedulable: pausing,
        }),
      ),
    ),
});

export const nodeDescriptor: KindDescriptor = {
  ...kindIdentity('Node'),
  columns: columnsOf('Node'),
  // The node card shows name, place and identity itself.
  sections: detailSections(
    [
      lazySection('node', async () => (await nodeSections()).NodeInfoSection),
      lazySection('taints', async () => (await nodeSections()).NodeTaintsSection),
      lazySection('pods', async () => (await nodeSections()).NodePodsSection),
      lazySection('events', async () => (await nodeSections()).NodeEventsSection),
    ],
    { editPermission: 'node:update', metadata: false },
  ),
  actions: [scheduling(true), scheduling(false), ...STANDARD_ACTIONS],
  listViews: [
    {
      id: 'topology',
      labelKey: 'resources.topology.tab',
      component: lazy(async () => ({
        default: (await import('../../pages/nodes/ClusterTopology')).ClusterTopology,
      })),
    },
  ],
};
