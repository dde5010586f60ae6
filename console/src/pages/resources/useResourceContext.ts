import { useCallback } from 'react';
import { allowsOnCluster } from '../../access/clusterPermissions';
import type { ResourceAddress } from '../../apiClient/requestArgs';
import type { DetailTarget } from '../../resources/detailPath';
import type { KindDescriptor, ResourceContext } from '../../resources/descriptors/types';
import type { KubeObject } from '../../resources/kubeObject';
import { findFavourite, useMyFavourites } from '../../resources/useFavourites';
import { useUserInfo } from '../../appState/useAppData';

/** What the detail page's sections and actions are given about the object and the caller. */
export function useResourceContext(
  descriptor: KindDescriptor,
  address: ResourceAddress,
  object: KubeObject | undefined,
): ResourceContext {
  const { userId, favourites } = useMyFavourites();
  const { data: user } = useUserInfo();
  const allows = useCallback(
    (permission: string) => allowsOnCluster(user, address.cluster, permission),
    [user, address.cluster],
  );
  const target: DetailTarget = {
    type: descriptor.kind,
    name: address.name,
    vendor: address.vendor,
    region: address.region,
    cluster: address.cluster,
    ...(address.namespace ? { namespace: address.namespace } : {}),
  };
  return {
    descriptor,
    address,
    target,
    object,
    favourite: findFavourite(favourites, target),
    userId,
    allows,
  };
}
