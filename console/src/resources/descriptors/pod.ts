import { columnsOf } from './columns';
import { deleteAction } from './deleteAction';
import { detailSections, lazySection, STANDARD_ACTIONS } from './standard';
import { kindIdentity } from './identity';
import type { KindDescriptor } from './types';

const containersSection = lazySection(
  'containers',
  async () => (await import('../../pages/pods/PodContainersSection')).PodContainersSection,
);

// The pod's metrics (and the chart library) load with the first pod detail page that shows them.
const metricsSection = lazySection(
  'metrics',
  async () => (await import('../../pages/clusterDashboard/PodMetricsSection')).PodMetricsSection,
);

const podSections = () => import('../../pages/pods/PodDetailSections');
const conditionsSection = lazySection(
  'conditions',
  async () => (await podSections()).PodConditionsSection,
);
const eventsSection = lazySection('events', async () => (await podSections()).PodEventsSection);

/**
 * Pods: the standard sections plus their containers (with links to each one's logs and shell),
 * their conditions and their events.
 */
export const podDescriptor: KindDescriptor = {
  ...kindIdentity('Pod'),
  columns: columnsOf('Pod'),
  sections: detailSections([containersSection, metricsSection, conditionsSection, eventsSection], {
    editPermission: 'application:update',
  }),
  actions: [...STANDARD_ACTIONS, deleteAction('Pod')],
};
