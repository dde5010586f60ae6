import { isAdminRole, type DerivedRole } from '../appState/deriveRole';
import { isSignedIn, type Session } from '../session/session';
import { LOGIN_PATH, NOT_FOUND_PATH } from './paths';

/**
 * Who may open a route: anyone, any signed-in user, administrators, or system administrators
 * only (what concerns the whole installation, such as its identity providers).
 */
export type Access = 'public' | 'user' | 'admin' | 'systemAdmin';

/** What the console knows about the person using it, as far as route access is concerned. */
export type Viewer = 'anonymous' | 'user' | 'admin' | 'systemAdmin';

/** Until the guard has loaded user info, a signed-in user is all that is known: a plain user. */
export const viewerOfSession = (session: Session): Viewer =>
  isSignedIn(session) ? 'user' : 'anonymous';

/**
 * The viewer once the guard has derived the role: system and organization
 * administrators see admin routes; a session without a derived role yet is a plain user.
 */
export const viewerOfRole = (role: DerivedRole | undefined): Viewer =>
  role === 'system-admin' ? 'systemAdmin' : isAdminRole(role) ? 'admin' : 'user';

export const viewerOf = (session: Session, role: DerivedRole | undefined): Viewer =>
  isSignedIn(session) ? viewerOfRole(role) : 'anonymous';

export interface AccessRule {
  access: Access;
  /** Where a signed-in viewer goes instead (the sign-in page sends them home). */
  signedInRedirect?: string;
}

/** Where to send the viewer instead of the route, or null when they may open it. */
export function accessRedirect(rule: AccessRule, viewer: Viewer): string | null {
  if (viewer !== 'anonymous' && rule.signedInRedirect) return rule.signedInRedirect;
  if (rule.access === 'public') return null;
  if (viewer === 'anonymous') return LOGIN_PATH;
  // Admin routes are not generated for other roles, so to them they do not exist.
  if (rule.access === 'admin' && viewer === 'user') return NOT_FOUND_PATH;
  if (rule.access === 'systemAdmin' && viewer !== 'systemAdmin') return NOT_FOUND_PATH;
  return null;
}
