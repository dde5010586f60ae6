import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

export interface LoginRequest {
  userName: string;
  password: string;
  mfaCode?: string;
}

export interface LoginResult {
  token: string;
  userId: string;
  userName: string;
  expiresAt: string;
}

export interface RegisterRequest {
  userName: string;
  email: string;
  password: string;
  verifyPassword: string;
  name?: string;
}

/** Codes the sign-in form answers itself instead of the generic error notification. */
export const AuthCode = {
  badCredentials: 1007,
  mfaRequired: 1008,
  mfaInvalid: 1009,
} as const;

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginRequest>({
      query: (body) => ({ url: `${servicePath('auth')}/login`, method: 'POST', body }),
      extraOptions: { expectedCodes: Object.values(AuthCode) },
    }),
    register: build.mutation<{ uuid: string; userName: string }, RegisterRequest>({
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
