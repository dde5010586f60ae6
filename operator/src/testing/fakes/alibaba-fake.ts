import { timingSafeEqual } from 'node:crypto';
import {
  acs3Signature,
  parseAcs3Authorization,
} from '../../clusters/providers/alibaba/acs3-signature.js';
import { sha256Hex } from '../../clusters/providers/signing.js';
import {
  isFresh,
  startVendorFake,
  type FakeReply,
  type FakeRequest,
  type RunningFake,
} from './vendor-fake-server.js';

/**
 * A fake of ACK's DescribeClusterUserKubeconfig that checks ACS3-HMAC-SHA256 the way Alibaba's
 * gateway does (recomputed from the known secret, 15-minute date window, one-time nonce, every
 * present x-acs-* header signed, body hash) and answers with the kubeconfig it was given.
 */
export interface AlibabaFakeOptions {
  accessKeyId: string;
  accessKeySecret: string;
  clusterId: string;
  /** The kubeconfig text handed back in `config`. */
  kubeconfig: string;
  expiration?: string;
  now?: () => Date;
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const ROUTE = /^\/k8s\/([^/]+)\/user_config$/;

function gatewayError(status: number, code: string, message: string): FakeReply {
  return {
    status,
    body: { RequestId: 'fake-request', HostId: 'cs.aliyuncs.com', Code: code, Message: message },
  };
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function verify(request: FakeRequest, options: AlibabaFakeOptions, nonces: Set<string>) {
  const h = request.headers;
  if (h['x-acs-action'] !== 'DescribeClusterUserKubeconfig') {
    return gatewayError(404, 'InvalidAction.NotFound', 'Specified api is not found.');
  }
  if (h['x-acs-version'] !== '2015-12-15') {
    return gatewayError(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
  }
  const auth = parseAcs3Authorization(h.authorization ?? '');
  if (!auth) return gatewayError(400, 'IncompleteSignature', 'The request signature is malformed.');
  if (!h['x-acs-date']) return gatewayError(400, 'MissingParameter', 'x-acs-date is mandatory.');
  const now = (options.now ?? (() => new Date()))();
  if (!/Z$/.test(h['x-acs-date']) || !isFresh(new Date(h['x-acs-date']), now, MAX_SKEW_MS)) {
    return gatewayError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp is expired.');
  }
  const nonce = h['x-acs-signature-nonce'];
  if (!nonce) return gatewayError(400, 'MissingSignatureNonce', 'SignatureNonce is mandatory.');
  if (auth.accessKeyId !== options.accessKeyId) {
    return gatewayError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
  }
  const mustSign = Object.keys(h).filter((name) => name === 'host' || name.startsWith('x-acs-'));
  if (mustSign.some((name) => !auth.signedHeaders.includes(name))) {
    return gatewayError(400, 'IncompleteSignature', 'A required header is not signed.');
  }
  if (h['x-acs-content-sha256'] !== sha256Hex(request.body)) {
    return gatewayError(400, 'SignatureDoesNotMatch', 'x-acs-content-sha256 does not match.');
  }
  const expected = acs3Signature(request, auth.signedHeaders, options.accessKeySecret);
  if (!sameHex(expected, auth.signature)) {
    return gatewayError(400, 'SignatureDoesNotMatch', 'The request signature does not conform.');
  }
  if (nonces.has(nonce)) {
    return gatewayError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
  }
  nonces.add(nonce);
  return undefined;
}

export function startAlibabaFake(options: AlibabaFakeOptions): Promise<RunningFake> {
  const nonces = new Set<string>();
  return startVendorFake((request) => {
    const route = ROUTE.exec(request.path);
    if (request.method !== 'GET' || !route) {
      return gatewayError(404, 'InvalidAction.NotFound', 'Specified api is not found.');
    }
    const failure = verify(request, options, nonces);
    if (failure) return failure;
    if (route[1] !== options.clusterId) {
      return {
        status: 404,
        body: { code: 'ErrorClusterNotFound', message: 'cluster not found', requestId: 'fake' },
      };
    }
    const body: Record<string, string> = { config: options.kubeconfig };
    if (options.expiration !== undefined) body.expiration = options.expiration;
    return { status: 200, body };
  });
}
