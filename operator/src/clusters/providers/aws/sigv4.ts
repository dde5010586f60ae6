import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import { rfc3986Encode } from '../signing.js';

/**
 * AWS Signature Version 4 through AWS's own signer (`@smithy/signature-v4`, what the AWS SDK
 * uses), so the operator needs no SDK and no signing code of its own. Shared by the EKS adapter
 * (header signing, query presigning) and by the test fake, which re-signs what it receives with
 * the secret it knows; AWS's published test vectors pin both.
 */
export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigningScope {
  region: string;
  service: string;
}

export type SignableRequest = Parameters<SignatureV4['presign']>[0];
type Query = NonNullable<SignableRequest['query']>;

export function signerFor(credentials: SigningCredentials, scope: SigningScope): SignatureV4 {
  return new SignatureV4({
    credentials,
    region: scope.region,
    service: scope.service,
    sha256: Hash.bind(null, 'sha256'),
    // x-amz-content-sha256 is an S3 header; EKS and STS neither need nor expect it.
    applyChecksum: false,
  });
}

function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Parses a raw query string without URLSearchParams' `+`-as-space rule; repeats become lists. */
export function parseQuery(rawQuery: string): Query {
  const query: Query = {};
  const raw = rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery;
  for (const pair of raw === '' ? [] : raw.split('&')) {
    const eq = pair.indexOf('=');
    const key = decodeComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = decodeComponent(eq < 0 ? '' : pair.slice(eq + 1));
    const seen = query[key];
    query[key] = seen == null ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The query in canonical order and encoding, as AWS's own tools print presigned URLs. */
export function formatQuery(query: Query): string {
  return Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value ?? '']).map((v) => [
        rfc3986Encode(key),
        rfc3986Encode(v),
      ]),
    )
    .sort(([ak = '', av = ''], [bk = '', bv = '']) =>
      ak === bk ? compare(av, bv) : compare(ak, bk),
    )
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** The request the signer sees: host and the caller's headers (lower-cased), path and query. */
export function signable(
  method: string,
  url: URL,
  headers: Record<string, string> = {},
  body?: string,
): SignableRequest {
  const lowerCased = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    method: method.toUpperCase(),
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query: parseQuery(url.search),
    headers: { ...lowerCased, host: url.host },
    ...(body === undefined ? {} : { body }),
  };
}

export interface SignRequestInput {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  credentials: SigningCredentials;
  scope: SigningScope;
  now: Date;
}

/** Returns the headers to send: the caller's, plus x-amz-date, token and Authorization. */
export async function signRequest(input: SignRequestInput): Promise<Record<string, string>> {
  const signed = await signerFor(input.credentials, input.scope).sign(
    signable(input.method, input.url, input.headers, input.body),
    { signingDate: input.now },
  );
  const { host: _host, ...sent } = signed.headers;
  return sent;
}

export interface PresignInput {
  method: string;
  url: URL;
  /** Headers the holder of the URL must send; they are signed but not put in the URL. */
  headers?: Record<string, string>;
  expiresSeconds: number;
  credentials: SigningCredentials;
  scope: SigningScope;
  now: Date;
}

/** Query-string signing (a presigned URL) with an empty payload, as STS expects. */
export async function presignUrl(input: PresignInput): Promise<URL> {
  const presigned = await signerFor(input.credentials, input.scope).presign(
    signable(input.method, input.url, input.headers),
    { signingDate: input.now, expiresIn: input.expiresSeconds },
  );
  const url = new URL(input.url);
  url.search = formatQuery(presigned.query ?? {});
  return url;
}
