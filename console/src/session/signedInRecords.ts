import { RECORD_KEYS } from '../constants';
import { localStore } from './localStore';
import { clearHistory } from './recentHistory';
import { clearSession } from './session';

/**
 * Forgets everything persisted for the signed-in user (on logout): user name, user
 * id, organization, recent history and search history. The language stays.
 */
export function forgetSignedInUser(): void {
  clearSession();
  clearHistory();
  localStore()?.removeItem(RECORD_KEYS.searchHistory);
}
