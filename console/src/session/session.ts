import { STORAGE_KEYS } from '../constants';
import { localStore as storage } from './localStore';

/** What the console remembers about the signed-in user between page loads. */
export interface Session {
  token?: string;
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
  for (const field of FIELDS) {
    const value = session[field];
    if (value !== undefined) store?.setItem(STORAGE_KEYS[field], value);
  }
}

export function clearSession(): void {
  const store = storage();
  for (const field of FIELDS) store?.removeItem(STORAGE_KEYS[field]);
}

export const hasToken = (session: Session): boolean => Boolean(session.token);

/** Stores the current organization, or forgets it when the user belongs to none. */
export function setSessionOrganization(organizationId: string | undefined): void {
  if (organizationId) storage()?.setItem(STORAGE_KEYS.organization, organizationId);
  else storage()?.removeItem(STORAGE_KEYS.organization);
}
