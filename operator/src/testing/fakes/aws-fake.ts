import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALGORITHM_IDENTIFIER as ALGORITHM } from '@smithy/signature-v4';
import { CLUSTER_ID_HEADER, EKS_TOKEN_PREFIX } from '../../clusters/providers/aws/eks-token.js';
import {
  parseQuery,
  signerFor,
  type SignableRequest,
  type SigningScope,
} from '../../clusters/providers/aws/sigv4.js';

/**
 * A loopback stand-in for EKS (DescribeCluster) and the STS side of aws-iam-authenticator. It
 * checks SigV4 the way AWS does — known key, scope, clock skew, then the request re-signed with
 * the secret it knows must give the same signature — and only then hands back the connection data it was given, so tests can end in a real API server.
 */
export interface AwsFakeIdentity {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  arn?: string;
}

export interface AwsFakeCluster {
  endpoint: string;
  certificateAuthorityData: string;
}

export interface AwsFakeOptions {
  region: string;
  identities: AwsFakeIdentity[];
  clusters: Record<string, AwsFakeCluster>;
  /** The registry password ECR's GetAuthorizationToken hands out. */
  ecrPassword?: string;
  now?: () => Date;
}

export type TokenVerdict =
  { ok: true; arn: string; accessKeyId: string } | { ok: false; reason: string };

export interface AwsFake {
  url: string;
  /** Requests DescribeCluster or GetAuthorizationToken accepted (signature valid). */
  accepted: number;
  /** Checks an EKS bearer token as aws-iam-authenticator plus STS would for `clusterId`. */
  verifyPresignedToken(token: string, clusterId: string): Promise<TokenVerdict>;
  close(): Promise<void>;
}

const HEADER_SKEW_MS = 5 * 60 * 1000;
const ECR_TOKEN_TARGET = 'AmazonEC2ContainerRegistry_V20150921.GetAuthorizationToken';
const TOKEN_MAX_AGE_MS = 15 * 60 * 1000;

class Rejection extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

interface SignedParts {
  accessKeyId: string;
  scopeDate: string;
  scopeRegion: string;
  scopeService: string;
  signedHeaders: string[];
  signature: string;
}

function parseCredential(credential: string): Omit<SignedParts, 'signedHeaders' | 'signature'> {
  const [accessKeyId, scopeDate, scopeRegion, scopeService, terminator, ...rest] =
    credential.split('/');
  if (
    !accessKeyId ||
    !scopeDate ||
    !scopeRegion ||
    !scopeService ||
    terminator !== 'aws4_request' ||
    rest.length
  ) {
    throw new Rejection('IncompleteSignatureException', 'Credential is malformed.');
  }
  return { accessKeyId, scopeDate, scopeRegion, scopeService };
}

function parseAuthorization(header: string | undefined): SignedParts {
  if (!header?.startsWith(`${ALGORITHM} `)) {
    throw new Rejection('MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  const fields = new Map(
    header
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((part) => part.trim().split('=', 2) as [string, string]),
  );
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const sig = fields.get('Signature');
  if (!credential || !signedHeaders || !sig) {
    throw new Rejection('IncompleteSignatureException', 'Authorization header is incomplete.');
  }
  return {
    ...parseCredential(credential),
    signedHeaders: signedHeaders.split(';'),
    signature: sig,
  };
}

/** Parses `20150830T123600Z`; undefined when malformed. */
function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The query parameters a presigned URL carries about its own signature. */
const PRESIGN_PARAMS = new Set(
  [
    'Algorithm',
    'Credential',
    'Date',
    'Expires',
    'SignedHeaders',
    'Signature',
    'Security-Token',
  ].map((name) => `X-Amz-${name}`),
);

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function startAwsFake(options: AwsFakeOptions): Promise<AwsFake> {
  const now = options.now ?? (() => new Date());
  const byKey = new Map(options.identities.map((identity) => [identity.accessKeyId, identity]));

  function identityFor(parts: SignedParts, service: string, date: string): AwsFakeIdentity {
    const identity = byKey.get(parts.accessKeyId);
    if (!identity) {
      throw new Rejection(
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    }
    if (parts.scopeDate !== date.slice(0, 8)) {
      throw new Rejection(
        'InvalidSignatureException',
        'Credential should be scoped to a valid date.',
      );
    }
    if (parts.scopeRegion !== options.region || parts.scopeService !== service) {
      throw new Rejection(
        'InvalidSignatureException',
        `Credential should be scoped to correct service/region: '${service}' in '${options.region}'.`,
      );
    }
    return identity;
  }

  function assertSignature(expected: string | undefined, parts: SignedParts): void {
    if (!expected || !sameHex(expected, parts.signature)) {
      throw new Rejection(
        'InvalidSignatureException',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
  }

  const scopeOf = (parts: SignedParts): SigningScope => ({
    region: parts.scopeRegion,
    service: parts.scopeService,
  });

  /** Re-signs the request's signed headers with the identity's secret, as AWS does. */
  async function checkHeaderSignature(
    identity: AwsFakeIdentity,
    parts: SignedParts,
    signedAt: Date,
    request: SignableRequest,
  ): Promise<void> {
    const resigned = await signerFor(identity, scopeOf(parts)).sign(request, {
      signingDate: signedAt,
      signableHeaders: new Set(parts.signedHeaders),
    });
    assertSignature(
      /Signature=([0-9a-f]+)$/.exec(resigned.headers.authorization ?? '')?.[1],
      parts,
    );
  }

  async function checkHeaderSigned(
    req: IncomingMessage,
    body: string,
    url: URL,
    service: string,
  ): Promise<void> {
    const parts = parseAuthorization(req.headers.authorization);
    const date = req.headers['x-amz-date'];
    const signedAt = typeof date === 'string' ? parseAmzDate(date) : undefined;
    if (typeof date !== 'string' || !signedAt || !parts.signedHeaders.includes('x-amz-date')) {
      throw new Rejection(
        'IncompleteSignatureException',
        'Authorization requires a signed X-Amz-Date header.',
      );
    }
    if (Math.abs(now().getTime() - signedAt.getTime()) > HEADER_SKEW_MS) {
      throw new Rejection(
        'InvalidSignatureException',
        'Signature expired: the request date is too far from now.',
      );
    }
    if (!parts.signedHeaders.includes('host')) {
      throw new Rejection('InvalidSignatureException', "'Host' must be a signed header.");
    }
    const identity = identityFor(parts, service, date);
    if (identity.sessionToken && req.headers['x-amz-security-token'] !== identity.sessionToken) {
      throw new Rejection(
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    }
    const headers: Record<string, string> = {};
    for (const name of parts.signedHeaders) {
      const value = req.headers[name];
      headers[name] = Array.isArray(value) ? value.join(',') : (value ?? '');
    }
    await checkHeaderSignature(identity, parts, signedAt, {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: headers.host ?? '',
      path: url.pathname,
      query: parseQuery(url.search),
      headers,
      body,
    });
  }

  /** ECR GetAuthorizationToken: SigV4 for service ecr, then base64("AWS:<password>"). */
  async function answerEcrToken(
    req: IncomingMessage,
    res: ServerResponse,
    body: string,
    url: URL,
  ): Promise<void> {
    try {
      await checkHeaderSigned(req, body, url, 'ecr');
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      respondError(res, 400, error.type, error.message);
      return;
    }
    fake.accepted += 1;
    const token = Buffer.from(`AWS:${options.ecrPassword ?? ''}`).toString('base64');
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(
      JSON.stringify({
        authorizationData: [
          {
            authorizationToken: token,
            expiresAt: now().getTime() / 1000 + 12 * 3600,
            proxyEndpoint: 'https://123456789012.dkr.ecr.example',
          },
        ],
      }),
    );
  }

  function respondError(res: ServerResponse, status: number, type: string, message: string): void {
    res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
    res.end(JSON.stringify({ message }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && req.headers['x-amz-target'] === ECR_TOKEN_TARGET) {
      await answerEcrToken(req, res, body, url);
      return;
    }
    const match = /^\/clusters\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match?.[1]) {
      respondError(res, 404, 'UnknownOperationException', 'Unknown operation.');
      return;
    }
    try {
      await checkHeaderSigned(req, body, url, 'eks');
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      respondError(res, 403, error.type, error.message);
      return;
    }
    fake.accepted += 1;
    const name = decodeURIComponent(match[1]);
    const cluster = options.clusters[name];
    if (!cluster) {
      respondError(res, 404, 'ResourceNotFoundException', `No cluster found for name: ${name}.`);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        cluster: {
          name,
          arn: `arn:aws:eks:${options.region}:123456789012:cluster/${name}`,
          endpoint: cluster.endpoint,
          certificateAuthority: { data: cluster.certificateAuthorityData },
          status: 'ACTIVE',
        },
      }),
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => respondError(res, 500, 'InternalFailure', 'internal failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;

  async function verifyPresignedToken(token: string, clusterId: string): Promise<TokenVerdict> {
    try {
      if (!token.startsWith(EKS_TOKEN_PREFIX))
        throw new Rejection('InvalidToken', 'missing k8s-aws-v1. prefix');
      const encoded = token.slice(EKS_TOKEN_PREFIX.length);
      if (!/^[A-Za-z0-9_-]+$/.test(encoded))
        throw new Rejection('InvalidToken', 'not unpadded base64url');
      const url = new URL(Buffer.from(encoded, 'base64url').toString('utf8'));
      if (url.host !== host || url.pathname !== '/')
        throw new Rejection('InvalidToken', 'not this STS endpoint');
      const query = parseQuery(url.search);
      const param = (name: string): string | undefined => {
        const value = query[name];
        return typeof value === 'string' ? value : undefined;
      };
      if (param('Action') !== 'GetCallerIdentity' || param('Version') !== '2011-06-15') {
        throw new Rejection('InvalidToken', 'not a GetCallerIdentity request');
      }
      if (param('X-Amz-Algorithm') !== ALGORITHM)
        throw new Rejection('InvalidToken', 'unsupported algorithm');
      const date = param('X-Amz-Date') ?? '';
      const signedAt = parseAmzDate(date);
      if (!signedAt) throw new Rejection('InvalidToken', 'missing X-Amz-Date');
      const age = now().getTime() - signedAt.getTime();
      if (age > TOKEN_MAX_AGE_MS || age < -HEADER_SKEW_MS)
        throw new Rejection('InvalidToken', 'token expired');
      const expires = Number(param('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > TOKEN_MAX_AGE_MS / 1000)
        throw new Rejection('InvalidToken', 'X-Amz-Expires out of range');
      const signedHeaders = (param('X-Amz-SignedHeaders') ?? '').split(';');
      if (!signedHeaders.includes('host') || !signedHeaders.includes(CLUSTER_ID_HEADER)) {
        throw new Rejection('InvalidToken', `host and ${CLUSTER_ID_HEADER} must be signed`);
      }
      const parts: SignedParts = {
        ...parseCredential(param('X-Amz-Credential') ?? ''),
        signedHeaders,
        signature: param('X-Amz-Signature') ?? '',
      };
      const identity = identityFor(parts, 'sts', date);
      if (identity.sessionToken && param('X-Amz-Security-Token') !== identity.sessionToken) {
        throw new Rejection('InvalidToken', 'session token mismatch');
      }
      // The authenticator sends the cluster id it is configured with, not one from the token.
      const headers: Record<string, string> = { host: url.host, [CLUSTER_ID_HEADER]: clusterId };
      if (signedHeaders.some((name) => !(name in headers))) {
        throw new Rejection('InvalidToken', 'unexpected signed header');
      }
      const unsigned = Object.fromEntries(
        Object.entries(query).filter(([key]) => !PRESIGN_PARAMS.has(key)),
      );
      const resigned = await signerFor(identity, scopeOf(parts)).presign(
        {
          method: 'GET',
          protocol: url.protocol,
          hostname: url.hostname,
          path: url.pathname,
          query: unsigned,
          headers,
        },
        { signingDate: signedAt, expiresIn: expires },
      );
      const expected = resigned.query?.['X-Amz-Signature'];
      assertSignature(typeof expected === 'string' ? expected : undefined, parts);
      return {
        ok: true,
        accessKeyId: identity.accessKeyId,
        arn: identity.arn ?? `arn:aws:iam::123456789012:user/${identity.accessKeyId}`,
      };
    } catch (error) {
      if (error instanceof Rejection) return { ok: false, reason: error.message };
      return { ok: false, reason: 'malformed token' };
    }
  }

  const fake: AwsFake = {
    url: `http://${host}`,
    accepted: 0,
    verifyPresignedToken,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
