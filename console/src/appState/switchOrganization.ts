import { ORGANIZATION_SWITCH_DELAY_MS } from '../constants';
import type { AppStore } from '../app/store';
import { clearHistory } from '../session/recentHistory';
import { setSessionOrganization, type Session } from '../session/session';
import { REDIRECT_PATH } from '../routes/paths';
import { loadAppDataUnlessAborted } from './appData';
import { appActions } from './appSlice';

export interface SwitchOrganizationOptions {
  store: AppStore;
  readSession: () => Session;
  organizationId: string;
  /** Path and query to show again, in the new organization. */
  currentPath: string;
  navigate: (to: string, options: { replace: boolean }) => unknown;
  delayMs?: number;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Under the full-screen loader, after 300 ms store the new organization, clear recent
 * records, reload organization list and user info, regenerate the routes and re-render the
 * current path through /redirect. Joining or creating an organization ends the same way.
 * Rejects only when user info fails to load; an aborted load just ends.
 */
export async function switchOrganization(options: SwitchOrganizationOptions): Promise<void> {
  const { store } = options;
  store.dispatch(appActions.loadingStarted());
  try {
    await sleep(options.delayMs ?? ORGANIZATION_SWITCH_DELAY_MS);
    setSessionOrganization(options.organizationId);
    clearHistory();
    // Aborted (the page is being left): not a failure, and nothing more to show.
    if (!(await loadAppDataUnlessAborted(store, options.readSession, { force: true }))) return;
    await options.navigate(`${REDIRECT_PATH}${options.currentPath}`, { replace: true });
  } finally {
    store.dispatch(appActions.loadingEnded());
  }
}
