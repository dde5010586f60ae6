import type {
  BodyFor,
  LoginBody,
  LoginResult,
  RegisterBody,
  RegisteredUser,
  ResponseFor,
} from '@nimbus/api';
import { errorCatalogue } from '@nimbus/api/shared';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

/** Codes the sign-in form answers itself instead of the generic error notification. */
export const AuthCode = {
  badCredentials: errorCatalogue.badCredentials.code,
  mfaRequired: errorCatalogue.mfaRequired.code,
  mfaInvalid: errorCatalogue.mfaInvalid.code,
  signInRefused: errorCatalogue.signInRefused.code,
  providerUnreachable: errorCatalogue.identityProviderUnreachable.code,
} as const;

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginBody>({
      query: (body) => endpointRequest('login', {}, body),
      extraOptions: { expectedCodes: Object.values(AuthCode) },
    }),
    register: build.mutation<RegisteredUser, RegisterBody>({
      query: (body) => endpointRequest('register', {}, body),
    }),
    listSignInOptions: build.query<ResponseFor<'listSignInOptions'>['items'], undefined>({
      query: () => endpointRequest('listSignInOptions', {}),
      transformResponse: (data: ResponseFor<'listSignInOptions'> | null) => data?.items ?? [],
      // The login screen works without them: a failure only hides the buttons.
      extraOptions: { silent: true },
    }),
    startSignIn: build.mutation<ResponseFor<'startSignIn'>, string>({
      query: (name) => endpointRequest('startSignIn', { name }),
      extraOptions: { expectedCodes: [AuthCode.providerUnreachable] },
    }),
    finishSignIn: build.mutation<LoginResult, BodyFor<'finishSignIn'>>({
      query: (body) => endpointRequest('finishSignIn', {}, body),
      extraOptions: { expectedCodes: [AuthCode.signInRefused, AuthCode.providerUnreachable] },
    }),
    logout: build.mutation<ResponseFor<'logout'> | null, undefined>({
      query: () => endpointRequest('logout', {}),
      // Signing out must work even when the server has already forgotten the session.
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useListSignInOptionsQuery,
  useStartSignInMutation,
  useFinishSignInMutation,
} = authApi;
