import type { LoginBody, LoginResult, RegisterBody, RegisteredUser } from '@nimbus/api';
import { errorCatalogue } from '@nimbus/api/shared';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

/** Codes the sign-in form answers itself instead of the generic error notification. */
export const AuthCode = {
  badCredentials: errorCatalogue.badCredentials.code,
  mfaRequired: errorCatalogue.mfaRequired.code,
  mfaInvalid: errorCatalogue.mfaInvalid.code,
} as const;

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: `${servicePath('auth')}/login`, method: 'POST', body }),
      extraOptions: { expectedCodes: Object.values(AuthCode) },
    }),
    register: build.mutation<RegisteredUser, RegisterBody>({
      query: (body) => ({ url: `${servicePath('auth')}/register`, method: 'POST', body }),
    }),
    logout: build.mutation<null, undefined>({
      query: () => ({ url: `${servicePath('auth')}/logout`, method: 'POST' }),
      // Signing out must work even when the server has already forgotten the session.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation } = authApi;
