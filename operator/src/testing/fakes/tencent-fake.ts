import { timingSafeEqual } from 'node:crypto';
import {
  parseTc3Authorization,
  tc3Date,
  tc3Signature,
} from '../../clusters/providers/tencent/tc3-signature.js';
import {
  startVendorFake,
  type FakeReply,
  type FakeRequest,
  type RunningFake,
} from './vendor-fake-server.js';

/**
 * A fake of TKE's DescribeClusterKubeconfig that checks TC3-HMAC-SHA256 as Tencent's API gateway
 * does (recomputed from the known key, credential scope date matching X-TC-Timestamp, a 5-minute
 * window, content-type and host signed) and answers with the kubeconfig it was given. Like the real
 * API it reports every failure as HTTP 200 with `Response.Error`.
 */
export interface TencentFakeOptions {
  secretId: string;
  secretKey: string;
  clusterId: string;
  kubeconfig: string;
  now?: () => Date;
}

const MAX_SKEW_SECONDS = 300;

function apiError(code: string, message: string): FakeReply {
  return {
    status: 200,
    body: { Response: { Error: { Code: code, Message: message }, RequestId: 'fake' } },
  };
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function verifySignature(request: FakeRequest, options: TencentFakeOptions): FakeReply | undefined {
  const h = request.headers;
  const auth = parseTc3Authorization(h.authorization ?? '');
  if (!auth)
    return apiError(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated.',
    );
  if (!h['x-tc-timestamp'] || !/^\d{1,12}$/.test(h['x-tc-timestamp'])) {
    return apiError('MissingParameter', 'The parameter `X-TC-Timestamp` is missing.');
  }
  const timestamp = Number(h['x-tc-timestamp']);
  const now = Math.floor((options.now ?? (() => new Date()))().getTime() / 1000);
  if (Math.abs(now - timestamp) > MAX_SKEW_SECONDS) {
    return apiError('AuthFailure.SignatureExpire', 'Signature expired.');
  }
  if (auth.secretId !== options.secretId) {
    return apiError('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
  }
  if (auth.service !== 'tke' || auth.date !== tc3Date(timestamp)) {
    return apiError('AuthFailure.SignatureFailure', 'The credential scope does not match.');
  }
  if (!auth.signedHeaders.includes('content-type') || !auth.signedHeaders.includes('host')) {
    return apiError('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
  }
  const expected = tc3Signature(
    { method: request.method, query: request.query.toString(), headers: h, body: request.body },
    auth.signedHeaders,
    options.secretKey,
    'tke',
    timestamp,
  );
  if (!sameHex(expected, auth.signature)) {
    return apiError(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated.',
    );
  }
  return undefined;
}

function parseBody(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function startTencentFake(options: TencentFakeOptions): Promise<RunningFake> {
  return startVendorFake((request) => {
    const h = request.headers;
    if (request.method !== 'POST' || request.path !== '/') {
      return apiError('UnsupportedOperation', 'Only POST / is served.');
    }
    if (h['x-tc-action'] !== 'DescribeClusterKubeconfig') {
      return apiError('InvalidAction', 'The action is not supported.');
    }
    if (h['x-tc-version'] !== '2018-05-25') return apiError('NoSuchVersion', 'No such version.');
    if (!h['x-tc-region'])
      return apiError('MissingParameter', 'The parameter `X-TC-Region` is missing.');
    const failure = verifySignature(request, options);
    if (failure) return failure;
    if (!h['content-type']?.startsWith('application/json')) {
      return apiError('InvalidParameter', 'The request must be JSON.');
    }
    const body = parseBody(request.body);
    if (typeof body?.ClusterId !== 'string') {
      return apiError('MissingParameter', 'The parameter `ClusterId` is missing.');
    }
    if (body.ClusterId !== options.clusterId) {
      return apiError('InvalidParameter.ClusterNotFound', 'Cluster not found.');
    }
    return {
      status: 200,
      body: { Response: { Kubeconfig: options.kubeconfig, RequestId: 'fake' } },
    };
  });
}
