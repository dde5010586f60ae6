import { z } from 'zod';
import { connectionFromKubeconfig, type VendorAdapterOptions } from './kubeconfig-connection.js';
import { tc3Authorization, tc3CredentialScope, tc3Signature } from './tencent/tc3-signature.js';
import type { ClusterConnection, ProviderAdapter, ProviderContext } from './types.js';
import {
  callVendor,
  endpointUrl,
  requireIdentifier,
  requireRegion,
  safeCode,
  vendorError,
  visibleText,
  type SignedVendorRequest,
} from './vendor-call.js';

/**
 * ProviderTencent: Tencent Kubernetes Engine (TKE). DescribeClusterKubeconfig (API 2018-05-25)
 * with IsExtranet, so the kubeconfig names the cluster's public endpoint; TC3-HMAC-SHA256 signed.
 */
export const TENCENT_VENDOR = 'Tencent Cloud TKE';
export const TENCENT_ENDPOINT_KEY = 'tencent';
export const TENCENT_DEFAULT_ENDPOINT = 'https://tke.tencentcloudapi.com';
export const TENCENT_SERVICE = 'tke';
export const TENCENT_ACTION = 'DescribeClusterKubeconfig';
export const TENCENT_API_VERSION = '2018-05-25';
export const TENCENT_CONTENT_TYPE = 'application/json; charset=utf-8';

export const TencentCredentials = z.strictObject({
  secretId: visibleText.max(128),
  secretKey: visibleText.max(256),
});
export type TencentCredentials = z.infer<typeof TencentCredentials>;

// Tencent only insists on content-type and host; signing the x-tc-* headers as well means a
// relay cannot swap the action, region or timestamp of a captured request.
const SIGNED_HEADERS = [
  'content-type',
  'host',
  'x-tc-action',
  'x-tc-region',
  'x-tc-timestamp',
  'x-tc-version',
];

export function signTencentRequest(
  spec: { region: string; vendorClusterId?: string },
  credentials: TencentCredentials,
  ctx: Pick<ProviderContext, 'endpoints' | 'now'>,
): SignedVendorRequest {
  const region = requireRegion(TENCENT_VENDOR, spec.region);
  const clusterId = requireIdentifier(TENCENT_VENDOR, 'the cluster id', spec.vendorClusterId);
  const template = ctx.endpoints[TENCENT_ENDPOINT_KEY] ?? TENCENT_DEFAULT_ENDPOINT;
  const url = endpointUrl(TENCENT_VENDOR, template, region);
  url.pathname = '/';
  url.search = '';

  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  const body = JSON.stringify({ ClusterId: clusterId, IsExtranet: true });
  const signed: Record<string, string> = {
    'content-type': TENCENT_CONTENT_TYPE,
    host: url.host,
    'x-tc-action': TENCENT_ACTION,
    'x-tc-region': region,
    'x-tc-timestamp': String(timestamp),
    'x-tc-version': TENCENT_API_VERSION,
  };
  const signature = tc3Signature(
    { method: 'POST', query: '', headers: signed, body },
    SIGNED_HEADERS,
    credentials.secretKey,
    TENCENT_SERVICE,
    timestamp,
  );
  const scope = tc3CredentialScope(timestamp, TENCENT_SERVICE);
  const { host: _host, ...headers } = signed;
  return {
    url,
    method: 'POST',
    headers: {
      ...headers,
      authorization: tc3Authorization(credentials.secretId, scope, SIGNED_HEADERS, signature),
    },
    body,
  };
}

// Tencent reports failures inside a 200 answer, so the body decides, not the status.
const TencentAnswer = z.object({
  Response: z.object({
    Kubeconfig: z.string().optional(),
    Error: z.object({ Code: z.unknown() }).optional(),
  }),
});

export function createTencentAdapter(
  options: VendorAdapterOptions,
): ProviderAdapter<TencentCredentials> {
  return {
    kind: 'ProviderTencent',
    credentials: TencentCredentials,
    async connect(spec, credentials, ctx): Promise<ClusterConnection> {
      const request = signTencentRequest(spec, credentials, ctx);
      const { status, body } = await callVendor(TENCENT_VENDOR, ctx, request.url, request);
      const answer = TencentAnswer.safeParse(body);
      if (!answer.success) {
        throw vendorError(TENCENT_VENDOR, `the API answered HTTP ${status} without a Response`);
      }
      const { Error: failure, Kubeconfig: kubeconfig } = answer.data.Response;
      if (failure !== undefined || status !== 200) {
        const code = safeCode(failure?.Code) ?? 'unknown error';
        throw vendorError(TENCENT_VENDOR, `the API refused the request: ${code} (HTTP ${status})`);
      }
      if (!kubeconfig) {
        throw vendorError(TENCENT_VENDOR, 'the API answer has no Kubeconfig');
      }
      return connectionFromKubeconfig(TENCENT_VENDOR, kubeconfig, options);
    },
  };
}
