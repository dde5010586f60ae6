import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../app/hooks';
import { showUserInfoFailure } from '../feedback/userInfoFailure';
import { LOGIN_PATH } from '../routes/paths';
import { readSession } from '../session/session';
import { signOut } from './signOut';
import { switchOrganization } from './switchOrganization';

/** Switches to an organization from a component; a failed user-info reload ends the session. */
export function useSwitchOrganization(): (organizationId: string) => Promise<void> {
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    async (organizationId: string) => {
      try {
        await switchOrganization({
          store,
          readSession,
          organizationId,
          currentPath: pathname + search,
          navigate,
        });
      } catch {
        await signOut(store);
        showUserInfoFailure(notification, t);
        await navigate(LOGIN_PATH);
      }
    },
    [store, navigate, pathname, search, notification, t],
  );
}
