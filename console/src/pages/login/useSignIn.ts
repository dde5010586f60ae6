import { useState } from 'react';
import { envelopeCodeOf } from '../../apiClient/envelope';
import type { SignInKey } from '../../i18n/signInKey';
import { saveSession } from '../../session/session';
import { AuthCode, useLoginCall, useRegisterCall } from './signInCalls';
import type { SignInValues } from './LoginForm';
import type { RegisterValues } from './RegisterForm';

/** Messages for the codes the sign-in form answers itself. */
const FAILURE_KEYS: Partial<Record<number, SignInKey>> = {
  [AuthCode.badCredentials]: 'login.badCredentials',
  [AuthCode.mfaInvalid]: 'login.mfaInvalid',
};

export interface SignIn {
  signIn: (values: SignInValues) => Promise<void>;
  register: (values: RegisterValues) => Promise<void>;
  mfaRequired: boolean;
  /** Why the last attempt failed, when the form explains it itself. */
  failureKey?: SignInKey;
  submitting: boolean;
}

/**
 * Login: store user name and user id (the token stays in the cookie), then
 * `onSignedIn` goes home (the guard loads the rest). A 1008 answer asks for the MFA code;
 * register signs in with the new account straight away.
 */
export function useSignIn(onSignedIn: () => Promise<void> | void): SignIn {
  const [login, loginState] = useLoginCall();
  const [registerUser, registerState] = useRegisterCall();
  const [mfaRequired, setMfaRequired] = useState(false);
  const [failureKey, setFailureKey] = useState<SignInKey>();
  // Signed in, the console is loading: the form stays busy until it is replaced.
  const [leaving, setLeaving] = useState(false);

  const signIn = async ({ userName, password, mfaCode }: SignInValues) => {
    setFailureKey(undefined);
    const result = await login({
      userName,
      password,
      ...(mfaCode ? { mfaCode: mfaCode.trim() } : {}),
    });
    if (result.error) {
      const code = envelopeCodeOf(result.error);
      if (code === AuthCode.mfaRequired) setMfaRequired(true);
      else if (code !== undefined) setFailureKey(FAILURE_KEYS[code]);
      return;
    }
    // The token stays in the HttpOnly cookie the answer set; only who signed in is kept here.
    saveSession({ userName: result.data.userName, userId: result.data.userId });
    setLeaving(true);
    try {
      await onSignedIn();
    } finally {
      // Still here (the guard sent the user back): the form takes input again.
      setLeaving(false);
    }
  };

  const register = async (values: RegisterValues) => {
    const result = await registerUser({
      userName: values.userName,
      email: values.email,
      password: values.password,
      verifyPassword: values.confirmPassword,
    });
    if (!result.error) await signIn({ userName: values.userName, password: values.password });
  };

  return {
    signIn,
    register,
    mfaRequired,
    failureKey,
    submitting: loginState.isLoading || registerState.isLoading || leaving,
  };
}
