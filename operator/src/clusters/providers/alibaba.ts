import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { acs3Authorization, acs3HeadersToSign, acs3Signature } from './alibaba/acs3-signature.js';
import { sha256Hex } from './signing.js';
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
 * ProviderALiCloud: Alibaba Cloud Container Service for Kubernetes (ACK).
 * DescribeClusterUserKubeconfig (`GET /k8s/{ClusterId}/user_config`, API version 2015-12-15),
 * signed with ACS3-HMAC-SHA256, asking for the public endpoint and a temporary kubeconfig.
 */
export const ALIBABA_VENDOR = 'Alibaba Cloud ACK';
export const ALIBABA_ENDPOINT_KEY = 'alibaba';
export const ALIBABA_DEFAULT_ENDPOINT = 'https://cs.{region}.aliyuncs.com';
export const ALIBABA_ACTION = 'DescribeClusterUserKubeconfig';
export const ALIBABA_API_VERSION = '2015-12-15';
/** Short-lived on purpose: the operator asks again before `expiresAt`. */
export const ALIBABA_KUBECONFIG_MINUTES = 60;

export const AlibabaCredentials = z.strictObject({
  accessKeyId: visibleText.max(128),
  accessKeySecret: visibleText.max(256),
});
export type AlibabaCredentials = z.infer<typeof AlibabaCredentials>;

/** `2023-10-26T09:01:01Z`: ISO 8601 without milliseconds, as x-acs-date requires. */
export function acsDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function signAlibabaRequest(
  spec: { region: string; vendorClusterId?: string },
  credentials: AlibabaCredentials,
  ctx: Pick<ProviderContext, 'endpoints' | 'now'>,
): SignedVendorRequest {
  const region = requireRegion(ALIBABA_VENDOR, spec.region);
  const clusterId = requireIdentifier(ALIBABA_VENDOR, 'the cluster id', spec.vendorClusterId);
  const template = ctx.endpoints[ALIBABA_ENDPOINT_KEY] ?? ALIBABA_DEFAULT_ENDPOINT;
  const url = endpointUrl(ALIBABA_VENDOR, template, region);
  url.pathname = `/k8s/${clusterId}/user_config`;
  url.search = new URLSearchParams({
    PrivateIpAddress: 'false',
    TemporaryDurationMinutes: String(ALIBABA_KUBECONFIG_MINUTES),
  }).toString();

  const signed: Record<string, string> = {
    host: url.host,
    'x-acs-action': ALIBABA_ACTION,
    'x-acs-version': ALIBABA_API_VERSION,
    'x-acs-date': acsDate(ctx.now()),
    'x-acs-signature-nonce': randomBytes(16).toString('hex'),
    'x-acs-content-sha256': sha256Hex(''),
  };
  const names = acs3HeadersToSign(signed);
  const signature = acs3Signature(
    { method: 'GET', path: url.pathname, query: url.searchParams, headers: signed, body: '' },
    names,
    credentials.accessKeySecret,
  );
  // fetch derives Host from the URL itself; it is signed but not set by hand.
  const { host: _host, ...headers } = signed;
  return {
    url,
    method: 'GET',
    headers: {
      ...headers,
      accept: 'application/json',
      authorization: acs3Authorization(credentials.accessKeyId, names, signature),
    },
  };
}

const KubeconfigAnswer = z.object({ config: z.string().min(1), expiration: z.string().optional() });

function refusal(status: number, body: unknown): Error {
  const fields = (body ?? {}) as Record<string, unknown>;
  const code = safeCode(fields.Code) ?? safeCode(fields.code) ?? 'unknown error';
  return vendorError(ALIBABA_VENDOR, `the API refused the request: ${code} (HTTP ${status})`);
}

function expiry(expiration: string | undefined): Date | undefined {
  if (expiration === undefined) return undefined;
  const date = new Date(expiration);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function createAlibabaAdapter(
  options: VendorAdapterOptions,
): ProviderAdapter<AlibabaCredentials> {
  return {
    kind: 'ProviderALiCloud',
    credentials: AlibabaCredentials,
    async connect(spec, credentials, ctx): Promise<ClusterConnection> {
      const request = signAlibabaRequest(spec, credentials, ctx);
      const { status, body } = await callVendor(ALIBABA_VENDOR, ctx, request.url, request);
      if (status !== 200) throw refusal(status, body);
      const answer = KubeconfigAnswer.safeParse(body);
      if (!answer.success) {
        throw vendorError(ALIBABA_VENDOR, 'the API answer has no kubeconfig in "config"');
      }
      const connection = await connectionFromKubeconfig(
        ALIBABA_VENDOR,
        answer.data.config,
        options,
      );
      const expiresAt = expiry(answer.data.expiration);
      return expiresAt ? { ...connection, expiresAt } : connection;
    },
  };
}
