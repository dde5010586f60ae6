import { deleteApi } from '../../api/deleteApi';
import { deletePermissions, type DeletableKind } from '../deleteCalls';
import { completed } from './completed';
import type { ActionDescriptor } from './types';

/**
 * Delete, behind typing the object's name; offered where the caller holds one of the kind's
 * delete permissions on the object's cluster (the member decides again as the caller).
 */
export function deleteAction(kind: DeletableKind): ActionDescriptor {
  const permissions = deletePermissions(kind);
  return {
    id: 'delete',
    labelKey: 'resources.delete.button',
    danger: true,
    confirm: { kind: 'typeName', titleKey: 'resources.delete.title' },
    available: (context) => permissions.some((permission) => context.allows(permission)),
    run: ({ address }, dispatch) =>
      completed(
        dispatch(
          deleteApi.endpoints.deleteResource.initiate({
            kind,
            vendor: address.vendor,
            region: address.region,
            cluster: address.cluster,
            name: address.name,
            ...(address.namespace ? { namespace: address.namespace } : {}),
          }),
        ),
      ),
    after: 'list',
  };
}
