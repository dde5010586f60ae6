import { LEGACY_TOKEN_KEY, STORAGE_KEYS } from '../constants';
import { localStore as storage } from './localStore';

/**
 * What the console remembers about the signed-in user between page loads. Not the token: the
 * operator's HttpOnly session cookie authenticates every call, so script on the page (an XSS)
 * cannot read or exfiltrate the credential.
 */
export interface Session {
  userName?: string;
  userId?: string;
  organization?: string;
}

type SessionField = keyof typeof STORAGE_KEYS;
const FIELDS = Object.keys(STORAGE_KEYS) as SessionField[];

export function readSession(): Session {
  const store = storage();
  const session: Session = {};
  for (const field of FIELDS) {
    const value = store?.getItem(STORAGE_KEYS[field]);
    if (value) session[field] = value;
  }
  return session;
}

export function saveSession(session: Session): void {
  const store = storage();
  store?.removeItem(LEGACY_TOKEN_KEY);
  for (const field of FIELDS) {
    const value = session[field];
    if (value !== undefined) store?.setItem(STORAGE_KEYS[field], value);
  }
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(LEGACY_TOKEN_KEY);
  for (const field of FIELDS) store?.removeItem(STORAGE_KEYS[field]);
}

/** Forgets a token an earlier version stored (called once at start-up). */
export function dropLegacyToken(): void {
  storage()?.removeItem(LEGACY_TOKEN_KEY);
}

/**
 * Whether someone signed in on this browser (as far as the console knows; the cookie may have
 * expired, which the first call answers with 9998).
 */
export const isSignedIn = (session: Session): boolean =>
  Boolean(session.userName && session.userId);

/** Stores the current organization, or forgets it when the user belongs to none. */
export function setSessionOrganization(organizationId: string | undefined): void {
  if (organizationId) storage()?.setItem(STORAGE_KEYS.organization, organizationId);
  else storage()?.removeItem(STORAGE_KEYS.organization);
}
