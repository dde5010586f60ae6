import { isAdminRole, type DerivedRole } from '../shell/deriveRole';
import { isSignedIn, type Session } from '../session/session';
import { LOGIN_PATH, NOT_FOUND_PATH } from './paths';

/** Who may open a route: anyone, any signed-in user, or administrators only. */
export type Access = 'public' | 'user' | 'admin';

/** What the console knows about the person using it, as far as route access is concerned. */
export type Viewer = 'anonymous' | 'user' | 'admin';

/** Until user info is loaded (SPEC §4's guard), a signed-in user is all that is known: a plain user. */
export const viewerOfSession = (session: Session): Viewer =>
  isSignedIn(session) ? 'user' : 'anonymous';

/**
 * The viewer once the guard has derived the role (SPEC §6): system and organization
 * administrators see admin routes; a session without a derived role yet is a plain user.
 */
export const viewerOfRole = (role: DerivedRole | undefined): Viewer =>
  isAdminRole(role) ? 'admin' : 'user';

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
  // Admin routes are not generated for other roles (SPEC §6), so to them they do not exist.
  if (rule.access === 'admin' && viewer !== 'admin') return NOT_FOUND_PATH;
  return null;
}
