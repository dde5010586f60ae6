import { SESSION_HEADERS } from '../constants';
import type { Session } from '../session/session';

/**
 * The headers that name the session's user to the operator, which checks them against the
 * session cookie; the session itself travels as the HttpOnly cookie the browser sends.
 */
export function sessionHeaderEntries(session: Session): [string, string][] {
  const values: [string, string | undefined][] = [
    [SESSION_HEADERS.userId, session.userId],
    [SESSION_HEADERS.userName, session.userName],
    [SESSION_HEADERS.organization, session.organization],
  ];
  return values.filter((entry): entry is [string, string] => Boolean(entry[1]));
}
