import type {
  AccessKeyPair,
  GeneralUpdateBody,
  MfaEnrolment,
  PasswordUpdateBody,
  UserView,
} from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

/** The signed-in user's own account: info, personal settings, AK/SK and MFA. */
export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserView, string>({
      query: (userName) => endpointRequest('getUserByName', { userName }),
      providesTags: ['User'],
    }),
    updateGeneral: build.mutation<UserView, Omit<GeneralUpdateBody, 'updateType'>>({
      query: (body) =>
        endpointRequest('updateUser', {}, {
          ...body,
          updateType: 'general',
        } satisfies GeneralUpdateBody),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<null, Omit<PasswordUpdateBody, 'updateType'>>({
      query: (body) =>
        endpointRequest('updateUser', {}, {
          ...body,
          updateType: 'password',
        } satisfies PasswordUpdateBody),
    }),
    // The new secret key is in this answer only; the server keeps no way to show it again.
    resetAccessKey: build.mutation<AccessKeyPair, string>({
      query: (userName) => endpointRequest('updateUser', {}, { userName, updateType: 'secretKey' }),
      invalidatesTags: ['User'],
    }),
    generateMfa: build.mutation<MfaEnrolment, string>({
      query: (userName) => endpointRequest('setUpMfa', { userName }, { action: 'generate' }),
    }),
    bindMfa: build.mutation<null, { userName: string; code: string }>({
      query: ({ userName, code }) =>
        endpointRequest('setUpMfa', { userName }, { action: 'bind', code }),
      invalidatesTags: ['User'],
    }),
    unbindMfa: build.mutation<null, { userName: string; code: string }>({
      query: ({ userName, code }) => endpointRequest('unbindMfa', { userName }, { code }),
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
