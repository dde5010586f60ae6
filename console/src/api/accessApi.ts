import { servicePath } from '../config/productHost';
import type { Effect } from './iamApi';
import { baseApi } from './baseApi';

/** Why the console allows or refuses (GET manage/users/:userName/explain, docs/api.md). */
export type ExplanationReason =
  | 'granted'
  | 'system-admin'
  | 'cluster-denied'
  | 'role-denies'
  | 'not-granted'
  | 'no-binding'
  | 'not-member';

export interface ExplainedBinding {
  source: { kind: 'group'; name: string } | { kind: 'user' };
  role: string;
  effect: Effect;
  usable: boolean;
  permission: 'allow' | 'deny' | 'absent';
}

export interface MemberCheckAnswer {
  group: string;
  resource: string;
  verb: string;
  allowed: boolean;
  reason: string;
}

export type MemberVerdict =
  | { status: 'answered'; principal: string; allowed: boolean; checks: MemberCheckAnswer[] }
  | { status: 'not-ready' | 'unreachable'; principal: string; message: string };

export interface AccessExplanation {
  user: string;
  cluster: string;
  organization: string;
  permission: string;
  memberOfOrganization: boolean;
  chosen: 'groups' | 'user' | 'none';
  groups: string[];
  bindings: ExplainedBinding[];
  effect: Effect | 'None';
  allowedByRoles: boolean;
  allowed: boolean;
  reason: ExplanationReason;
  member: MemberVerdict;
}

export interface ExplainArgs {
  userName: string;
  cluster: string;
  permission: string;
}

export const accessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    explainAccess: build.query<AccessExplanation, ExplainArgs>({
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
