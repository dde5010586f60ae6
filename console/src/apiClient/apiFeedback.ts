import type { MemberRefusal } from '@nimbus/api';

/** A request the server refused with 9997. */
export interface RefusedRequest {
  /** Path and query of the request. */
  url: string;
  /** The call a member cluster refused, when the member itself said no. */
  refusal?: MemberRefusal;
}

/** A request the server answered with an error the user should see. */
export interface RequestFailure {
  /** Path and query of the request, e.g. /api/v1/iam.nimbus.io/users. */
  url: string;
  /** The envelope's code, when the server answered with one (not for a bare HTTP error). */
  code?: number;
  /** The server's message, in English (the console translates it by its code). */
  message: string;
  /** The envelope's data, e.g. validation issues. */
  detail?: unknown;
  durationMs: number;
}

/**
 * The user-visible side effects of API responses. The base query only decides *when*
 * they happen; the UI layer decides *how* (antd in the app, spies in tests).
 */
export interface ApiFeedback {
  /** Code 9998: the session is no longer valid; ask the user to sign in again. */
  tokenExpired(): void;
  /** Code 9997: the caller may not perform the operation; `refused` is the request refused. */
  noPermission(refused: RefusedRequest): void;
  /** Code 1010: the account must change its password first; open the change-password form. */
  passwordChangeRequired(): void;
  /** Any other non-zero code, unless the request is silent. */
  requestFailed(failure: RequestFailure): void;
}
