import type { BodyFor, LoginBody, LoginResult, RegisterBody, ResponseFor } from '@nimbus/api';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorCatalogue } from '@nimbus/api/shared';
import { useCallback, useEffect, useState } from 'react';
import { useProvidedApiDependencies } from '../../apiClient/apiDependenciesContext';
import { endpointRequest, type EndpointRequest } from '../../apiClient/endpointUrl';
import { createEnvelopeCaller, type EnvelopeExtraOptions } from '../../apiClient/envelopeCall';

/** Codes the sign-in form answers itself instead of the generic error notification. */
export const AuthCode = {
  badCredentials: errorCatalogue.badCredentials.code,
  mfaRequired: errorCatalogue.mfaRequired.code,
  mfaInvalid: errorCatalogue.mfaInvalid.code,
  signInRefused: errorCatalogue.signInRefused.code,
  providerUnreachable: errorCatalogue.identityProviderUnreachable.code,
} as const;

/** A call's answer as RTK Query's mutations give it: the data, or the base query's error. */
export type CallResult<T> =
  { data: T; error?: undefined } | { data?: undefined; error: FetchBaseQueryError };

interface CallState {
  isLoading: boolean;
  isSuccess: boolean;
}

// The sign-in screen's calls go through the same envelope handling as the console's base query
// (apiClient/envelopeCall.ts), without RTK Query and Redux: they are not in the first screen's
// scripts (docs/performance.md "Console start-up").
const call = createEnvelopeCaller();

function useMutationCall<Arg, Data>(
  request: (arg: Arg) => EndpointRequest,
  extraOptions?: EnvelopeExtraOptions,
): [(arg: Arg) => Promise<CallResult<Data>>, CallState] {
  const dependencies = useProvidedApiDependencies();
  const [state, setState] = useState<CallState>({ isLoading: false, isSuccess: false });
  const trigger = useCallback(
    async (arg: Arg): Promise<CallResult<Data>> => {
      setState({ isLoading: true, isSuccess: false });
      // A call that throws (not an answer) is a failure too, as RTK Query's mutations make it:
      // the form must not stay busy.
      const result = await call(
        request(arg),
        { dependencies, type: 'mutation' },
        extraOptions,
      ).catch((error: unknown) => ({
        error: { status: 'CUSTOM_ERROR', error: String(error) } as const,
      }));
      setState({ isLoading: false, isSuccess: result.error === undefined });
      return result.error === undefined ? { data: result.data as Data } : { error: result.error };
    },
    // The request builders and options below are module constants: stable.
    [dependencies, request, extraOptions],
  );
  return [trigger, state];
}

/** Reads `request` once the screen is shown; undefined until it answers, or if it fails. */
function useQueryCall<Data>(
  request: EndpointRequest,
  extraOptions?: EnvelopeExtraOptions,
): Data | undefined {
  const dependencies = useProvidedApiDependencies();
  const [data, setData] = useState<Data>();
  // Keyed by URL and method: a request object is new on every render (and it has no body).
  const { url, method } = request;
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    call({ url, method }, { dependencies, type: 'query', signal }, extraOptions).then(
      (result) => {
        if (result.error === undefined && !signal.aborted) setData(result.data as Data);
      },
      // Nothing to show then: the screen works without it.
      () => undefined,
    );
    return () => controller.abort();
  }, [dependencies, url, method, extraOptions]);
  return data;
}

const loginRequest = (body: LoginBody) => endpointRequest('login', {}, body);
const loginOptions: EnvelopeExtraOptions = { expectedCodes: Object.values(AuthCode) };
export const useLoginCall = () =>
  useMutationCall<LoginBody, LoginResult>(loginRequest, loginOptions);

const registerRequest = (body: RegisterBody) => endpointRequest('register', {}, body);
export const useRegisterCall = () =>
  useMutationCall<RegisterBody, ResponseFor<'register'>>(registerRequest);

const startRequest = (name: string) => endpointRequest('startSignIn', { name });
const startOptions: EnvelopeExtraOptions = { expectedCodes: [AuthCode.providerUnreachable] };
export const useStartSignInCall = () =>
  useMutationCall<string, ResponseFor<'startSignIn'>>(startRequest, startOptions);

const finishRequest = (body: BodyFor<'finishSignIn'>) => endpointRequest('finishSignIn', {}, body);
const finishOptions: EnvelopeExtraOptions = {
  expectedCodes: [AuthCode.signInRefused, AuthCode.providerUnreachable],
};
export const useFinishSignInCall = () =>
  useMutationCall<BodyFor<'finishSignIn'>, LoginResult>(finishRequest, finishOptions);

// The login screen works without them: a failure only hides the buttons.
const silent: EnvelopeExtraOptions = { silent: true };
/** The identity providers offered beside the password form. */
export const useSignInOptions = (): ResponseFor<'listSignInOptions'>['items'] =>
  useQueryCall<ResponseFor<'listSignInOptions'> | null>(
    endpointRequest('listSignInOptions', {}),
    silent,
  )?.items ?? [];

/** The operator's version, once it has answered. */
export const useVersion = () =>
  useQueryCall<ResponseFor<'getVersion'>>(endpointRequest('getVersion', {}));
