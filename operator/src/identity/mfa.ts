import type { MfaEnrolment } from '@nimbus/api';
import QRCode from 'qrcode';
import { ApiError, errors } from '../core/errors.js';
import type { UserObject } from '../hub/store.js';
import type { Credentials } from './credentials.js';
import { updateCredentials } from './credentials.js';
import { refuseForSingleSignOn } from './accounts.js';
import type { IdentityServices } from './services.js';
import { checkTotp, newTotpSecret, totpUri } from './totp.js';

/** Accepts a code against `secret` once: the matched time step becomes the new floor. */
async function accept(
  current: Credentials,
  secret: string | undefined,
  code: string,
): Promise<number> {
  const step = secret
    ? await checkTotp({ secret, code, lastStep: current.mfaLastStep })
    : undefined;
  if (step === undefined) throw new ApiError(errors.mfaInvalid);
  return step;
}

/**
 * Checks and consumes a TOTP code of the bound secret at login. The write is guarded by the
 * Secret's resourceVersion, so the same code cannot pass twice even on two replicas at once; the
 * per-user MFA throttle counts wrong codes, since whoever gets here knew the password.
 */
export async function consumeMfaCode(
  services: IdentityServices,
  user: UserObject,
  code: string,
): Promise<void> {
  await services.throttle.mfaCode(user.metadata.uid, () =>
    updateCredentials(services.store, user, async (current) => ({
      ...current,
      mfaLastStep: await accept(current, current.mfaSecret, code),
    })),
  );
}

export async function generateMfaSecret(
  services: IdentityServices,
  user: UserObject,
): Promise<MfaEnrolment> {
  const secret = newTotpSecret();
  await updateCredentials(services.store, user, (current) => {
    if (current.mfaSecret) {
      throw new ApiError(errors.validationFailed, {
        message: 'MFA is already bound; unbind it first',
      });
    }
    return { ...current, mfaPendingSecret: secret };
  });
  const otpauthUrl = totpUri(secret, user.metadata.name);
  return { otpauthUrl, qrImage: await QRCode.toDataURL(otpauthUrl) };
}

/**
 * Binding and unbinding check a code with a session alone, so the per-user MFA throttle
 * (login-throttle.ts) is what keeps a stolen session from guessing its way to turning MFA off.
 */
export async function bindMfa(
  services: IdentityServices,
  user: UserObject,
  code: string,
): Promise<void> {
  await services.throttle.mfaCode(user.metadata.uid, () =>
    updateCredentials(services.store, user, async (current) => {
      const step = await accept(current, current.mfaPendingSecret, code);
      const { mfaPendingSecret, ...rest } = current;
      return { ...rest, mfaSecret: mfaPendingSecret, mfaLastStep: step };
    }),
  );
  await reportMfa(services, user, true);
}

export async function unbindMfa(
  services: IdentityServices,
  user: UserObject,
  code: string,
): Promise<void> {
  await services.throttle.mfaCode(user.metadata.uid, () =>
    updateCredentials(services.store, user, async (current) => {
      const step = await accept(current, current.mfaSecret, code);
      const { mfaSecret: _removed, ...rest } = current;
      return { ...rest, mfaLastStep: step };
    }),
  );
  await reportMfa(services, user, false);
}

/**
 * The credentials Secret is the truth (sign-in asks for a code when it holds a bound seed);
 * status.mfaEnabled reports it for lists and `kubectl get -o wide`, under its own field manager
 * so the controllers' status writes keep it, and never in the spec a GitOps author owns.
 */
async function reportMfa(services: IdentityServices, user: UserObject, bound: boolean) {
  await services.store.users.modifyStatus(user.metadata.name, 'nimbus-mfa', () => ({
    mfaEnabled: bound,
  }));
}

/** The MFA endpoints act only for the user themself, and only when the system enables MFA. */
export async function ownMfaUser(
  services: IdentityServices,
  userName: string,
  caller: string,
): Promise<UserObject> {
  if (!services.settings.mfaEnabled) {
    throw new ApiError(errors.validationFailed, { message: 'MFA is not enabled on this system' });
  }
  if (userName !== caller) throw new ApiError(errors.noPermission);
  const user = await services.store.users.fetch(userName);
  if (!user) throw new ApiError(errors.notFound);
  refuseForSingleSignOn(user, 'a second factor');
  return user;
}
