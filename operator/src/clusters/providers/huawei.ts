import { z } from 'zod';
import { externalKubeconfig } from './huawei/cluster-cert.js';
import { sdkDate, sdkHmacAuthorization, sdkHmacSignature } from './huawei/sdk-hmac-signature.js';
import { connectionFromKubeconfig, type VendorAdapterOptions } from './kubeconfig-connection.js';
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
 * ProviderHuawei: Huawei Cloud Cloud Container Engine (CCE). Creates a short-lived client
 * certificate (`POST /api/v3/projects/{project_id}/clusters/{cluster_id}/clustercert`) signed
 * with the AK/SK scheme SDK-HMAC-SHA256, and connects with the external context of the answer.
 */
export const HUAWEI_VENDOR = 'Huawei Cloud CCE';
export const HUAWEI_ENDPOINT_KEY = 'huawei';
export const HUAWEI_DEFAULT_ENDPOINT = 'https://cce.{region}.myhuaweicloud.com';
/** Certificate lifetime in days; the operator asks for a new one before it runs out. */
export const HUAWEI_CERT_DAYS = 1;

export const HuaweiCredentials = z.strictObject({
  accessKey: visibleText.max(128),
  secretKey: visibleText.max(256),
  projectId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type HuaweiCredentials = z.infer<typeof HuaweiCredentials>;

const SIGNED_HEADERS = ['content-type', 'host', 'x-project-id', 'x-sdk-date'];

export function signHuaweiRequest(
  spec: { region: string; vendorClusterId?: string },
  credentials: HuaweiCredentials,
  ctx: Pick<ProviderContext, 'endpoints' | 'now'>,
): SignedVendorRequest {
  const region = requireRegion(HUAWEI_VENDOR, spec.region);
  const clusterId = requireIdentifier(HUAWEI_VENDOR, 'the cluster id', spec.vendorClusterId);
  const projectId = requireIdentifier(HUAWEI_VENDOR, 'the project id', credentials.projectId);
  const template = ctx.endpoints[HUAWEI_ENDPOINT_KEY] ?? HUAWEI_DEFAULT_ENDPOINT;
  const url = endpointUrl(HUAWEI_VENDOR, template, region);
  url.pathname = `/api/v3/projects/${projectId}/clusters/${clusterId}/clustercert`;
  url.search = '';

  const body = JSON.stringify({ duration: HUAWEI_CERT_DAYS });
  const signed: Record<string, string> = {
    'content-type': 'application/json',
    host: url.host,
    'x-project-id': projectId,
    'x-sdk-date': sdkDate(ctx.now()),
  };
  const signature = sdkHmacSignature(
    { method: 'POST', path: url.pathname, query: url.searchParams, headers: signed, body },
    SIGNED_HEADERS,
    credentials.secretKey,
  );
  const { host: _host, ...headers } = signed;
  return {
    url,
    method: 'POST',
    headers: {
      ...headers,
      authorization: sdkHmacAuthorization(credentials.accessKey, SIGNED_HEADERS, signature),
    },
    body,
  };
}

function refusal(status: number, body: unknown): Error {
  const fields = (body ?? {}) as Record<string, unknown>;
  const code =
    safeCode(fields.error_code) ??
    safeCode(fields.errorCode) ??
    safeCode(fields.code) ??
    'unknown error';
  return vendorError(HUAWEI_VENDOR, `the API refused the request: ${code} (HTTP ${status})`);
}

export function createHuaweiAdapter(
  options: VendorAdapterOptions,
): ProviderAdapter<HuaweiCredentials> {
  return {
    kind: 'ProviderHuawei',
    credentials: HuaweiCredentials,
    async connect(spec, credentials, ctx): Promise<ClusterConnection> {
      const issuedAt = ctx.now();
      const request = signHuaweiRequest(spec, credentials, { ...ctx, now: () => issuedAt });
      const { status, body } = await callVendor(HUAWEI_VENDOR, ctx, request.url, request);
      if (status < 200 || status > 299) throw refusal(status, body);
      const kubeconfig = externalKubeconfig(body);
      if (!kubeconfig.ok) {
        throw vendorError(
          HUAWEI_VENDOR,
          `the certificate answer was refused: ${kubeconfig.reason}`,
        );
      }
      const connection = await connectionFromKubeconfig(HUAWEI_VENDOR, kubeconfig.text, options);
      const expiresAt = new Date(issuedAt.getTime() + HUAWEI_CERT_DAYS * 24 * 60 * 60 * 1000);
      return { ...connection, expiresAt };
    },
  };
}
