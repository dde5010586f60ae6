import { authApi } from '../api/authApi';
import { baseApi } from '../apiClient/baseApi';
import type { AppStore } from '../app/store';
import { forgetSignedInUser } from '../session/signedInRecords';
import { shellActions } from './shellSlice';

/**
 * SPEC §4 logout: tell the server (best effort: the session may already be gone), then forget the
 * token, user, organization, histories and generated routes. The caller goes to /login.
 */
export async function signOut(store: AppStore, { callServer = true } = {}): Promise<void> {
  if (callServer) {
    await store
      .dispatch(authApi.endpoints.logout.initiate(undefined))
      .unwrap()
      .catch(() => undefined);
  }
  forgetSignedInUser();
  store.dispatch(shellActions.shellReset());
  store.dispatch(baseApi.util.resetApiState());
}
