import { lazy } from 'react';
import { namespaceApi } from '../../api/namespaceApi';
import { completed } from './completed';
import { columnsOf } from './columns';
import { detailSections, lazySection, STANDARD_ACTIONS } from './standard';
import { kindIdentity } from './identity';
import type { KindDescriptor } from './types';

const namespaceSections = () => import('../../pages/namespaces/NamespaceDetailSections');

export const namespaceDescriptor: KindDescriptor = {
  ...kindIdentity('Namespace'),
  columns: columnsOf('Namespace'),
  sections: detailSections([
    lazySection('quota', async () => (await namespaceSections()).NamespaceQuotaSection),
    lazySection('limitRange', async () => (await namespaceSections()).NamespaceLimitRangeSection),
  ]),
  actions: [
    ...STANDARD_ACTIONS,
    {
      id: 'delete',
      labelKey: 'namespaces.delete.button',
      danger: true,
      confirm: { kind: 'typeName', titleKey: 'namespaces.delete.title' },
      permission: 'namespace:delete',
      run: ({ address }, dispatch) =>
        completed(
          dispatch(
            namespaceApi.endpoints.deleteNamespace.initiate({
              vendor: address.vendor,
              region: address.region,
              cluster: address.cluster,
              name: address.name,
            }),
          ),
        ),
      after: 'list',
    },
  ],
  create: {
    forms: ['Namespace'],
    component: lazy(() => import('../../pages/namespaces/NamespaceCreatePage')),
  },
};
