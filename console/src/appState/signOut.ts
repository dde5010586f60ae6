import { authApi } from '../api/authApi';
import { baseApi } from '../apiClient/baseApi';
import type { AppStore } from '../app/store';
import { keepProviderLogout } from '../session/providerLogout';
import { forgetSignedInUser } from '../session/signedInRecords';
import { appActions } from './appSlice';

/**
 * Logout: tell the server (best effort: the session may already be gone), then forget the
 * token, user, organization, histories and generated routes. The caller goes to /login.
 */
export async function signOut(store: AppStore, { callServer = true } = {}): Promise<void> {
  if (callServer) {
    const answer = await store
      .dispatch(authApi.endpoints.logout.initiate(undefined))
      .unwrap()
      .catch(() => undefined);
    // Signed in with an identity provider: the login screen offers its own sign-out too.
    if (answer?.providerLogoutUrl) {
      keepProviderLogout({
        url: answer.providerLogoutUrl,
        providerName: answer.providerName ?? '',
      });
    }
  }
  forgetSignedInUser();
  store.dispatch(appActions.appReset());
  store.dispatch(baseApi.util.resetApiState());
}
