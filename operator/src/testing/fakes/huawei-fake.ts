import { timingSafeEqual } from 'node:crypto';
import {
  parseSdkDate,
  parseSdkHmacAuthorization,
  sdkHmacSignature,
} from '../../clusters/providers/huawei/sdk-hmac-signature.js';
import {
  isFresh,
  startVendorFake,
  type FakeReply,
  type FakeRequest,
  type RunningFake,
} from './vendor-fake-server.js';

/**
 * A fake of CCE's "create cluster certificate" behind Huawei's API gateway: SDK-HMAC-SHA256
 * recomputed from the known secret, X-Sdk-Date signed and within 15 minutes, host signed; then the
 * CCE checks (project, cluster, `duration`) and the certificate kubeconfig it was given.
 */
export interface HuaweiFakeOptions {
  accessKey: string;
  secretKey: string;
  projectId: string;
  clusterId: string;
  /** The kubeconfig-shaped JSON CCE answers with. */
  certificate: unknown;
  now?: () => Date;
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const ROUTE = /^\/api\/v3\/projects\/([^/]+)\/clusters\/([^/]+)\/clustercert$/;

function gatewayError(message: string): FakeReply {
  return {
    status: 401,
    body: {
      error_msg: `Incorrect IAM authentication information: ${message}`,
      error_code: 'APIGW.0301',
      request_id: 'fake',
    },
  };
}

function cceError(status: number, code: string, message: string): FakeReply {
  return {
    status,
    body: { errorCode: code, errorMessage: message, error_code: code, error_msg: message },
  };
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function verifySignature(request: FakeRequest, options: HuaweiFakeOptions): FakeReply | undefined {
  const h = request.headers;
  const auth = parseSdkHmacAuthorization(h.authorization ?? '');
  if (!auth) return gatewayError('the Authorization header is missing or malformed');
  if (!h['x-sdk-date']) return gatewayError('x-sdk-date not found');
  const now = (options.now ?? (() => new Date()))();
  if (!isFresh(parseSdkDate(h['x-sdk-date']), now, MAX_SKEW_MS)) {
    return gatewayError('x-sdk-date expired');
  }
  if (auth.accessKey !== options.accessKey) return gatewayError('ak not found');
  if (!auth.signedHeaders.includes('x-sdk-date') || !auth.signedHeaders.includes('host')) {
    return gatewayError('x-sdk-date and host must be signed');
  }
  const expected = sdkHmacSignature(request, auth.signedHeaders, options.secretKey);
  if (!sameHex(expected, auth.signature)) return gatewayError('verify aksk signature fail');
  return undefined;
}

function validDuration(body: string): boolean {
  try {
    const value = (JSON.parse(body) as { duration?: unknown } | null)?.duration;
    return (
      Number.isInteger(value) &&
      ((value as number) === -1 || ((value as number) >= 1 && (value as number) <= 1827))
    );
  } catch {
    return false;
  }
}

export function startHuaweiFake(options: HuaweiFakeOptions): Promise<RunningFake> {
  return startVendorFake((request) => {
    const route = ROUTE.exec(request.path);
    if (request.method !== 'POST' || !route) {
      return cceError(404, 'CCE.01404001', 'The requested resource is not found.');
    }
    const failure = verifySignature(request, options);
    if (failure) return failure;
    if (route[1] !== options.projectId) {
      return gatewayError('the project does not belong to this access key');
    }
    if (route[2] !== options.clusterId) {
      return cceError(404, 'CCE.01404001', 'The cluster is not found.');
    }
    if (!validDuration(request.body)) {
      return cceError(400, 'CCE.01400001', 'Invalid request: duration is required.');
    }
    return { status: 201, body: options.certificate };
  });
}
