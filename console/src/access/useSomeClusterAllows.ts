import { useCallback } from 'react';
import { useUserInfo } from '../appState/useAppData';
import { allowsOnSomeCluster } from './clusterPermissions';

/**
 * Whether the signed-in user holds a permission on at least one cluster; an undefined
 * permission (nothing the catalogue names) is left to the server.
 */
export function useSomeClusterAllows(): (permission: string | undefined) => boolean {
  const { data: user } = useUserInfo();
  return useCallback(
    (permission: string | undefined) =>
      permission === undefined || allowsOnSomeCluster(user, permission),
    [user],
  );
}
