import type { z } from 'zod';
import type { ClusterConnection } from '../../member/connection.js';

export type { ClusterConnection } from '../../member/connection.js';

export type ProviderKind =
  | 'ProviderAWS'
  | 'ProviderALiCloud'
  | 'ProviderGCP'
  | 'ProviderKubeconfig'
  | 'ProviderTencent'
  | 'ProviderHuawei';

export interface ProviderContext {
  /** vendor API base URLs, configurable (env NIMBUS_<VENDOR>_ENDPOINT...), tests point them at fakes */
  endpoints: Record<string, string>;
  /** injected; deadline applied by caller via AbortSignal */
  fetch: typeof fetch;
  now: () => Date;
  signal?: AbortSignal;
}

export interface ProviderAdapter<C = unknown> {
  kind: ProviderKind;
  /** write-only credential fields (validated at the edge) */
  credentials: z.ZodType<C>;
  /** fields of the Cluster spec the vendor needs: region, vendorClusterId, vendorProjectId */
  connect(
    spec: { region: string; vendorClusterId?: string; vendorProjectId?: string },
    credentials: C,
    ctx: ProviderContext,
  ): Promise<ClusterConnection>;
}
