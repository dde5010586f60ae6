import type { UserView } from '@nimbus/api';
import { organizationApi } from '../api/organizationApi';
import { systemApi } from '../api/systemApi';
import { userApi } from '../api/userApi';
import { isAbortedRequest } from '../apiClient/abortedRequest';
import type { EnvelopeErrorData } from '../apiClient/envelope';
import type { AppStore } from '../app/store';
import { ResponseCode } from '../constants';
import { isPageLeaving } from '../lib/pageLeaving';
import { setSessionOrganization, type Session } from '../session/session';
import { deriveRole } from './deriveRole';
import { appActions } from './appSlice';

/** The texts the guard's loaders reject with. */
const USER_INFO_ERROR = 'Get User Info Error';
const ORGANIZATION_LIST_ERROR = 'Get OrganizationList Error';

/** User info was not loaded because its request was aborted: no answer, and no failure. */
class AppLoadAborted extends Error {
  constructor(options?: ErrorOptions) {
    super(USER_INFO_ERROR, options);
    this.name = 'AppLoadAborted';
  }
}

interface SignedIn {
  userName: string;
  userId: string;
  organization?: string;
}

const isSignedIn = (session: Session): session is SignedIn =>
  Boolean(session.userName && session.userId);

const fetchUserInfo = (store: AppStore, userName: string, force: boolean) =>
  store
    .dispatch(
      userApi.endpoints.getUserInfo.initiate(userName, { subscribe: false, forceRefetch: force }),
    )
    .unwrap();

const isNoPermission = (error: unknown): boolean =>
  (error as { data?: Partial<EnvelopeErrorData> } | undefined)?.data?.code ===
  ResponseCode.noPermission;

async function loadUserInfo(store: AppStore, session: SignedIn, force: boolean): Promise<UserView> {
  try {
    return await fetchUserInfo(store, session.userName, force);
  } catch (cause) {
    // The stored organization is one the user has left: fall back to the first one.
    if (session.organization && isNoPermission(cause)) {
      setSessionOrganization(undefined);
      return loadUserInfo(store, { ...session, organization: undefined }, true);
    }
    if (isAbortedRequest(cause)) throw new AppLoadAborted({ cause });
    throw new Error(USER_INFO_ERROR, { cause });
  }
}

async function loadOrganizations(store: AppStore, userId: string, force: boolean): Promise<void> {
  try {
    await store
      .dispatch(
        organizationApi.endpoints.getUserOrganizations.initiate(userId, {
          subscribe: false,
          forceRefetch: force,
        }),
      )
      .unwrap();
  } catch (cause) {
    throw new Error(ORGANIZATION_LIST_ERROR, { cause });
  }
}

async function loadConfigs(store: AppStore, force: boolean): Promise<void> {
  await store
    .dispatch(
      systemApi.endpoints.getConfigs.initiate(undefined, { subscribe: false, forceRefetch: force }),
    )
    .unwrap();
}

function isLoaded(store: AppStore, session: SignedIn): boolean {
  const state = store.getState();
  return Boolean(
    state.app.role &&
    systemApi.endpoints.getConfigs.select(undefined)(state).data &&
    organizationApi.endpoints.getUserOrganizations.select(session.userId)(state).data &&
    userApi.endpoints.getUserInfo.select(session.userName)(state).data,
  );
}

/**
 * Loads configuration, organization list and user info (all of them when `force`, else the
 * missing ones) under the full-screen indicator, then derives the role, keeps the current
 * organization in the session and generates the routes. Only a user-info failure is fatal: the
 * configuration and organization list may fail (e.g. before a required password change).
 * Rejects with AppLoadAborted when the user-info request was aborted.
 */
export async function loadAppData(
  store: AppStore,
  session: Session,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  if (!isSignedIn(session)) throw new Error(USER_INFO_ERROR);
  if (!force && isLoaded(store, session)) return;
  store.dispatch(appActions.loadingStarted());
  try {
    const [user] = await Promise.all([
      loadUserInfo(store, session, force),
      loadConfigs(store, force).catch(() => undefined),
      loadOrganizations(store, session.userId, force).catch(() => undefined),
    ]);
    const { role, organizationId } = deriveRole(user, session.organization);
    if (organizationId !== session.organization) setSessionOrganization(organizationId);
    store.dispatch(
      appActions.routesGenerated({
        role,
        organizationId,
        user: { userName: session.userName, userId: session.userId },
      }),
    );
  } finally {
    store.dispatch(appActions.loadingEnded());
  }
}

export interface AppLoadRequest {
  force?: boolean;
  /** False once whoever asked no longer needs the data (e.g. its navigation was replaced). */
  stillWanted?: () => boolean;
}

/**
 * loadAppData for the guard and the organization switch, where an aborted request is not a
 * failure (docs/decisions/aborted-requests.md): aborted on a page that stays and still wanted,
 * it is asked once more; aborted again, on a page being left, or no longer wanted, it ends
 * without data and resolves false. Rejects only on a real failure of user-info loading.
 */
export async function loadAppDataUnlessAborted(
  store: AppStore,
  readSession: () => Session,
  { force = false, stillWanted = () => true }: AppLoadRequest = {},
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await loadAppData(store, readSession(), { force });
      return true;
    } catch (error) {
      if (!(error instanceof AppLoadAborted)) throw error;
      if (attempt > 1 || isPageLeaving() || !stillWanted()) return false;
    }
  }
}
