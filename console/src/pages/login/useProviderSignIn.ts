import { useEffect, useRef, useState } from 'react';
import { envelopeCodeOf } from '../../apiClient/envelope';
import type { SignInKey } from '../../i18n/signInKey';
import { saveSession } from '../../session/session';
import type { CallbackBody } from './signInCallback';
import { AuthCode, useFinishSignInCall, useStartSignInCall } from './signInCalls';

export interface ProviderSignIn {
  /** Sends the browser to the provider (a full page load). */
  start: (provider: string) => Promise<void>;
  busy: boolean;
  /** Why signing in with a provider failed, and the server's own words. */
  failure?: { key: SignInKey; detail: string };
}

const messageOf = (error: unknown): string =>
  (error as { data?: { message?: string } } | undefined)?.data?.message ?? '';

/**
 * Signing in with an identity provider: `start` asks the operator where to go (it sets the
 * sealed cookie that binds the attempt to this browser) and leaves; back at /login/callback,
 * `callback` is posted once and, like a password sign-in, who signed in is kept and
 * `onSignedIn` goes home.
 */
export function useProviderSignIn(
  callback: CallbackBody | undefined,
  onSignedIn: () => Promise<void> | void,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): ProviderSignIn {
  const [startSignIn, startState] = useStartSignInCall();
  const [finishSignIn] = useFinishSignInCall();
  const [finishing, setFinishing] = useState(callback !== undefined);
  const [failure, setFailure] = useState<ProviderSignIn['failure']>();
  const posted = useRef(false);

  useEffect(() => {
    if (!callback || posted.current) return;
    posted.current = true;
    void (async () => {
      const result = await finishSignIn(callback);
      if (result.error) {
        const code = envelopeCodeOf(result.error);
        setFailure({
          key: code === AuthCode.providerUnreachable ? 'login.sso.unreachable' : 'login.sso.failed',
          detail: messageOf(result.error),
        });
        setFinishing(false);
        return;
      }
      saveSession({ userName: result.data.userName, userId: result.data.userId });
      await onSignedIn();
      setFinishing(false);
    })();
  }, [callback, finishSignIn, onSignedIn]);

  const start = async (provider: string) => {
    setFailure(undefined);
    const result = await startSignIn(provider);
    if (result.error) {
      setFailure({ key: 'login.sso.unreachable', detail: messageOf(result.error) });
      return;
    }
    navigate(result.data.authorizationUrl);
  };

  return { start, busy: finishing || startState.isLoading || startState.isSuccess, failure };
}
