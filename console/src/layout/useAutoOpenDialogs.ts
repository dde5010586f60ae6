import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { appActions } from '../appState/appSlice';
import { useSystemConfigs, useUserInfo } from '../appState/useAppData';

/**
 * Opens, once per signed-in user and page load, what the account needs first: the password change
 * the server requires, else the join-or-create-organization dialog for a user without an
 * organization, else the MFA tab when the system requires MFA and it is not bound, for users
 * with a local password.
 */
export function useAutoOpenDialogs(): void {
  const dispatch = useAppDispatch();
  const { data: user } = useUserInfo();
  const configs = useSystemConfigs();
  const configsSettled = configs.data !== undefined || configs.isError;
  const decidedFor = useAppSelector((state) => state.app.autoDialogsDecidedFor);

  useEffect(() => {
    if (!user || !configsSettled || decidedFor === user.uuid) return;
    dispatch(appActions.autoDialogsDecided(user.uuid));
    if (user.mustChangePassword) {
      dispatch(appActions.settingsOpened('password'));
    } else if (user.organizations.length === 0) {
      dispatch(appActions.joinOrganizationOpened());
    } else if (configs.data?.MFA && !user.mfaEnableFlag && !user.identityProvider) {
      // A user of an identity provider signs in with the provider's own MFA, not Nimbus's TOTP.
      dispatch(appActions.settingsOpened('mfa'));
    }
  }, [dispatch, user, configsSettled, configs.data?.MFA, decidedFor]);
}
