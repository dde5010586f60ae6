import type { ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

/** GET manage/users/:userName/explain (docs/api.md): the contract's shapes. */
export type {
  AccessExplanation,
  ExplainedBinding,
  ExplanationReason,
  MemberCheckAnswer,
  MemberVerdict,
} from '@nimbus/api';

export interface ExplainArgs {
  userName: string;
  cluster: string;
  permission: string;
}

export const accessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    explainAccess: build.query<ResponseFor<'explainAccess'>, ExplainArgs>({
      query: ({ userName, cluster, permission }) => ({
        url: `${servicePath('manage')}/users/${encodeURIComponent(userName)}/explain`,
        params: { cluster, permission },
      }),
      // The panel shows the failure itself; a refusal here must not offer "Why?" again.
      extraOptions: { silent: true, expectedCodes: [9997, 1004] },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyExplainAccessQuery } = accessApi;
