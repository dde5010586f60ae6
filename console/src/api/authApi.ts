import type { ResponseFor } from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

// Signing in (login, register, identity providers) is called by the sign-in screen without RTK
// Query: pages/login/signInCalls.ts.
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<ResponseFor<'logout'> | null, undefined>({
      query: () => endpointRequest('logout', {}),
      // Signing out must work even when the server has already forgotten the session.
      extraOptions: { silent: true },
    }),
  }),
});
