import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

export interface UserOrganizationRef {
  uuid: string;
  name: string;
  cnName: string;
  adminFlag: boolean;
}

export interface UserView {
  uuid: string;
  userName: string;
  name: string;
  email: string;
  sysAdminFlag: boolean;
  mfaEnableFlag: boolean;
  mustChangePassword: boolean;
  organizations: UserOrganizationRef[];
  providers: { cluster: string; roleId: string; roleName: string; effect: 'Allow' | 'Deny' }[];
  groupUserBindings: { uuid: string; name: string }[];
  createdAt: string;
}

export interface AccessKeyPair {
  accessKey: string;
  secretKey: string;
}

export interface GeneralUpdate {
  userName: string;
  name: string;
  email: string;
}

export interface PasswordUpdate {
  userName: string;
  oldPassword: string;
  password: string;
  verifyPassword: string;
}

export interface MfaSecret {
  /** A data: URL of a PNG QR code. */
  qrImage: string;
  otpauthUrl: string;
}

const usersPath = () => `${servicePath('iam')}/users`;
const mfaPath = (userName: string) => `${usersPath()}/${encodeURIComponent(userName)}/mfa`;

/** The signed-in user's own account: info, personal settings, AK/SK and MFA. */
export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserView, string>({
      query: (userName) => `${usersPath()}/${encodeURIComponent(userName)}`,
      providesTags: ['User'],
    }),
    updateGeneral: build.mutation<UserView, GeneralUpdate>({
      query: (body) => ({
        url: usersPath(),
        method: 'PUT',
        body: { ...body, updateType: 'general' },
      }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<null, PasswordUpdate>({
      query: (body) => ({
        url: usersPath(),
        method: 'PUT',
        body: { ...body, updateType: 'password' },
      }),
    }),
    resetAccessKey: build.mutation<AccessKeyPair, string>({
      query: (userName) => ({
        url: usersPath(),
        method: 'PUT',
        body: { userName, updateType: 'secretKey' },
      }),
      invalidatesTags: ['User'],
    }),
    generateMfa: build.mutation<MfaSecret, string>({
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
