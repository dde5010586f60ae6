import { redirect, type MiddlewareFunction } from 'react-router';
import type { AppStore } from '../app/store';
import { recordVisit, historyRecordOf } from '../session/recentHistory';
import { isSignedIn, type Session } from '../session/session';
import { LOGIN_PATH } from '../routes/paths';
import { loadAppDataUnlessAborted } from './appData';
import { signOut } from './signOut';

export interface GuardDependencies {
  store: AppStore;
  readSession: () => Session;
  /** Shows the notification titled Error that user info could not be loaded. */
  notifyUserInfoFailure: () => void;
}

/**
 * The navigation guard, run before every navigation. The progress bar follows the router's
 * navigation state (RootLayout); where nobody is signed in or the viewer may not open the route,
 * the route's own access check redirects (routes/access.ts) once the role is known.
 */
export function createNavigationGuard(deps: GuardDependencies): MiddlewareFunction {
  return async ({ request }, next) => {
    const url = new URL(request.url);
    const session = deps.readSession();
    if (!isSignedIn(session) || url.pathname === LOGIN_PATH) return next();

    const visit = historyRecordOf(url);
    if (visit) recordVisit(visit);
    try {
      // Aborted (the page is being left, or this navigation was replaced): not a failure.
      await loadAppDataUnlessAborted(deps.store, deps.readSession, {
        stillWanted: () => !request.signal.aborted,
      });
    } catch {
      await signOut(deps.store);
      deps.notifyUserInfoFailure();
      throw redirect(LOGIN_PATH);
    }
    return next();
  };
}
