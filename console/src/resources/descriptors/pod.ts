import { podColumns } from './kindColumns';
import { detailSections, lazySection, STANDARD_ACTIONS } from './standard';
import type { KindDescriptor } from './types';

const containersSection = lazySection(
  'containers',
  async () => (await import('../../pages/pods/PodContainersSection')).PodContainersSection,
);

/** Pods: the standard sections plus their containers, with links to each one's logs and shell. */
export const podDescriptor: KindDescriptor = {
  kind: 'Pod',
  labelKey: 'kinds.Pod',
  plural: 'pods',
  namespaced: true,
  columns: podColumns,
  sections: detailSections([containersSection], { editPermission: 'application:update' }),
  actions: STANDARD_ACTIONS,
};
