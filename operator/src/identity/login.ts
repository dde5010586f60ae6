import type { LoginResult, ParsedLogin } from '@nimbus/api';
import { ApiError, errors } from '../core/errors.js';
import type { UserObject } from '../hub/store.js';
import { signInFailures } from '../observability/metrics.js';
import type { Credentials } from './credentials.js';
import { readCredentials } from './credentials.js';
import { consumeMfaCode } from './mfa.js';
import type { IdentityServices } from './services.js';

/**
 * Signs in from `from` (the client's address): throttled before the (slow) hash, so concurrent
 * guesses cannot slip past the count; 1007/1008/1009 for a wrong password or MFA code.
 */
export async function login(
  services: IdentityServices,
  from: string,
  body: ParsedLogin,
): Promise<LoginResult> {
  const reservation = await services.throttle.reserve(body.userName, from).catch((error) => {
    if (error instanceof ApiError) signInFailures.inc({ reason: 'throttled' });
    throw error;
  });
  try {
    const { user, credentials } = await verifyLogin(services, body);
    await reservation.succeeded();
    const mustChangePassword = credentials.mustChangePassword === true;
    const session = await services.sessions.issue(user, { mustChangePassword });
    return {
      token: session.token,
      userId: user.metadata.uid,
      userName: user.metadata.name,
      expiresAt: session.expiresAt.toISOString(),
      mustChangePassword,
    };
  } catch (error) {
    if (!isFailedGuess(error)) await reservation.release();
    else signInFailures.inc({ reason: failureReason(error) });
    throw error;
  }
}

const failureReason = (error: unknown): string =>
  error instanceof ApiError && error.entry === errors.mfaInvalid ? 'mfa' : 'credentials';

const isFailedGuess = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.entry === errors.badCredentials || error.entry === errors.mfaInvalid);

/** The user whose password (and MFA code, when bound) the body proves; 1007/1008/1009 else. */
async function verifyLogin(
  services: IdentityServices,
  body: ParsedLogin,
): Promise<{ user: UserObject; credentials: Credentials }> {
  const user = await services.store.users.fetch(body.userName);
  const credentials = user ? await readCredentials(services.store, user) : {};
  const valid = credentials.passwordHash
    ? await services.passwords.verify(body.password, credentials.passwordHash)
    : await services.passwords.verifyNothing(body.password);
  // A user linked to an identity provider signs in there only, even with a password left from
  // before the link: the provider decides who may sign in (and can lock them out).
  if (!user || !valid || user.spec.externalIdentity) throw new ApiError(errors.badCredentials);
  if (credentials.mfaSecret) {
    if (!body.mfaCode) throw new ApiError(errors.mfaRequired);
    await consumeMfaCode(services, user, body.mfaCode);
  }
  return { user, credentials };
}
