import { skipToken } from '@reduxjs/toolkit/query';
import { useGetUserOrganizationsQuery } from '../api/organizationApi';
import { useGetConfigsQuery } from '../api/systemApi';
import { useGetUserInfoQuery } from '../api/userApi';
import { useAppSelector } from '../app/hooks';

/** The signed-in user the shell was loaded for; undefined before the guard ran and after sign-out. */
export const useSignedInUser = () => useAppSelector((state) => state.app.user);

export const useDerivedRole = () => useAppSelector((state) => state.app.role);

export const useCurrentOrganizationId = () => useAppSelector((state) => state.app.organizationId);

/** User info as the guard loaded it (cached); skipped once signed out. */
export function useUserInfo() {
  const user = useSignedInUser();
  return useGetUserInfoQuery(user?.userName ?? skipToken);
}

export function useUserOrganizations() {
  const user = useSignedInUser();
  return useGetUserOrganizationsQuery(user?.userId ?? skipToken);
}

export const useSystemConfigs = () => useGetConfigsQuery(undefined);
