import type {
  AccessKeyPair,
  GeneralUpdateBody,
  MfaEnrolment,
  PasswordUpdateBody,
  UserView,
} from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

const usersPath = () => `${servicePath('iam')}/users`;
const mfaPath = (userName: string) => `${usersPath()}/${encodeURIComponent(userName)}/mfa`;

/** The signed-in user's own account: info, personal settings, AK/SK and MFA. */
export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserView, string>({
      query: (userName) => `${usersPath()}/${encodeURIComponent(userName)}`,
      providesTags: ['User'],
    }),
    updateGeneral: build.mutation<UserView, Omit<GeneralUpdateBody, 'updateType'>>({
      query: (body) => ({
        url: usersPath(),
        method: 'PUT',
        body: { ...body, updateType: 'general' } satisfies GeneralUpdateBody,
      }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<null, Omit<PasswordUpdateBody, 'updateType'>>({
      query: (body) => ({
        url: usersPath(),
        method: 'PUT',
        body: { ...body, updateType: 'password' } satisfies PasswordUpdateBody,
      }),
    }),
    // The new secret key is in this answer only; the server keeps no way to show it again.
    resetAccessKey: build.mutation<AccessKeyPair, string>({
      query: (userName) => ({
        url: usersPath(),
        method: 'PUT',
        body: { userName, updateType: 'secretKey' },
      }),
      invalidatesTags: ['User'],
    }),
    generateMfa: build.mutation<MfaEnrolment, string>({
      query: (userName) => ({
        url: mfaPath(userName),
        method: 'PUT',
        body: { action: 'generate' },
      }),
    }),
    bindMfa: build.mutation<null, { userName: string; code: string }>({
      query: ({ userName, code }) => ({
        url: mfaPath(userName),
        method: 'PUT',
        body: { action: 'bind', code },
      }),
      invalidatesTags: ['User'],
    }),
    unbindMfa: build.mutation<null, { userName: string; code: string }>({
      query: ({ userName, code }) => ({ url: mfaPath(userName), method: 'DELETE', body: { code } }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetUserInfoQuery,
  useUpdateGeneralMutation,
  useChangePasswordMutation,
  useResetAccessKeyMutation,
  useGenerateMfaMutation,
  useBindMfaMutation,
  useUnbindMfaMutation,
} = userApi;
