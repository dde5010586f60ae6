import type { UserView } from '@nimbus/api';
import { MfaBind } from './MfaBind';
import { MfaUnbind } from './MfaUnbind';

/** MFA setup: bind with a QR code from the server, or unbind with a code (no submit button). */
export function MfaTab({ user, onUnbound }: { user: UserView; onUnbound: () => void }) {
  return user.mfaEnableFlag ? (
    <MfaUnbind userName={user.userName} onUnbound={onUnbound} />
  ) : (
    <MfaBind userName={user.userName} />
  );
}
