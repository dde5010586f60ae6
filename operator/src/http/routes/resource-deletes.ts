import type { DeclaredKind } from '@nimbus/api/shared';
import { requireIdentity } from '../identity-locals.js';
import type { ClusterLocation, MemberAccess } from '../../k8s/member-access.js';
import { deleteObject } from '../../k8s/resources/delete-object.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

interface Addressed extends ClusterLocation {
  name: string;
  namespace?: string;
}

/** The deletes of kinds without a lifecycle of their own, each as the caller. */
export function resourceDeleteEndpoints(members: MemberAccess): Implementation[] {
  const remove = async (kind: DeclaredKind, params: Addressed, ctx: CallContext) => {
    const { vendor, region, cluster, name, namespace } = params;
    const member = await members.forCaller(requireIdentity(ctx.res), { vendor, region, cluster });
    return deleteObject(member, kind, name, namespace);
  };
  return [
    implement('deletePod', ({ params }, ctx) => remove('Pod', params, ctx)),
    implement('deleteService', ({ params }, ctx) => remove('Service', params, ctx)),
    implement('deleteIngress', ({ params }, ctx) => remove('Ingress', params, ctx)),
    implement('deletePersistentVolumeClaim', ({ params }, ctx) =>
      remove('PersistentVolumeClaim', params, ctx),
    ),
    implement('deletePersistentVolume', ({ params }, ctx) =>
      remove('PersistentVolume', params, ctx),
    ),
    implement('deleteStorageClass', ({ params }, ctx) => remove('StorageClass', params, ctx)),
  ];
}
