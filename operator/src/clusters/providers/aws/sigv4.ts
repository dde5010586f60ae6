import { hmacSha256 as hmac, sha256Hex } from '../signing.js';

export { sha256Hex };

/**
 * AWS Signature Version 4, written against the published specification so the operator needs no
 * AWS SDK. Shared by the EKS adapter (header signing, query presigning) and by the test fake,
 * which recomputes signatures the way AWS does; the published test vectors pin both.
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

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const EMPTY_PAYLOAD_HASH = sha256Hex('');

/** `20150830T123600Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Parses `20150830T123600Z`; undefined when malformed. */
export function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** RFC 3986 encoding as SigV4 requires: everything but unreserved characters is escaped. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Non-S3 services encode each already-encoded path segment once more. */
export function canonicalUri(pathname: string): string {
  if (pathname === '' || pathname === '/') return '/';
  return pathname
    .split('/')
    .map((segment) => uriEncode(segment))
    .join('/');
}

/** Parses a raw query string without URLSearchParams' `+`-as-space rule. */
export function parseQuery(rawQuery: string): Array<[string, string]> {
  const query = rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery;
  if (query === '') return [];
  return query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    return [decodeComponent(key), decodeComponent(value)];
  });
}

export function canonicalQuery(params: Array<[string, string]>): string {
  return params
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function canonicalHeaderValue(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

export interface CanonicalRequestInput {
  method: string;
  pathname: string;
  query: Array<[string, string]>;
  /** Lower-case names of the headers to sign, with their values. */
  headers: Record<string, string>;
  payloadHash: string;
}

export function signedHeaderNames(headers: Record<string, string>): string {
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort()
    .join(';');
}

export function canonicalRequest(input: CanonicalRequestInput): string {
  const names = Object.keys(input.headers).sort();
  const headerLines = names.map(
    (name) => `${name}:${canonicalHeaderValue(input.headers[name] ?? '')}\n`,
  );
  return [
    input.method.toUpperCase(),
    canonicalUri(input.pathname),
    canonicalQuery(input.query),
    headerLines.join(''),
    signedHeaderNames(input.headers),
    input.payloadHash,
  ].join('\n');
}

export function credentialScope(date: string, scope: SigningScope): string {
  return `${date.slice(0, 8)}/${scope.region}/${scope.service}/aws4_request`;
}

export function stringToSign(date: string, scope: SigningScope, canonical: string): string {
  return [ALGORITHM, date, credentialScope(date, scope), sha256Hex(canonical)].join('\n');
}

export function signature(
  secretAccessKey: string,
  date: string,
  scope: SigningScope,
  toSign: string,
): string {
  const dateKey = hmac(`AWS4${secretAccessKey}`, date.slice(0, 8));
  const regionKey = hmac(dateKey, scope.region);
  const serviceKey = hmac(regionKey, scope.service);
  const signingKey = hmac(serviceKey, 'aws4_request');
  return hmac(signingKey, toSign).toString('hex');
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

/** Returns the headers to send: the caller's, plus host, x-amz-date, token and Authorization. */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const date = amzDate(input.now);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  headers.host = input.url.host;
  headers['x-amz-date'] = date;
  if (input.credentials.sessionToken) {
    headers['x-amz-security-token'] = input.credentials.sessionToken;
  }
  const canonical = canonicalRequest({
    method: input.method,
    pathname: input.url.pathname,
    query: parseQuery(input.url.search),
    headers,
    payloadHash: sha256Hex(input.body ?? ''),
  });
  const sig = signature(
    input.credentials.secretAccessKey,
    date,
    input.scope,
    stringToSign(date, input.scope, canonical),
  );
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization:
      `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${credentialScope(date, input.scope)}, ` +
      `SignedHeaders=${signedHeaderNames(headers)}, Signature=${sig}`,
  };
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
export function presignUrl(input: PresignInput): URL {
  const date = amzDate(input.now);
  const headers: Record<string, string> = { host: input.url.host };
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  const url = new URL(input.url);
  const extra: Array<[string, string]> = [
    ['X-Amz-Algorithm', ALGORITHM],
    ['X-Amz-Credential', `${input.credentials.accessKeyId}/${credentialScope(date, input.scope)}`],
    ['X-Amz-Date', date],
    ['X-Amz-Expires', String(input.expiresSeconds)],
    ['X-Amz-SignedHeaders', signedHeaderNames(headers)],
  ];
  if (input.credentials.sessionToken) {
    extra.push(['X-Amz-Security-Token', input.credentials.sessionToken]);
  }
  const query = [...parseQuery(url.search), ...extra];
  const canonical = canonicalRequest({
    method: input.method,
    pathname: url.pathname,
    query,
    headers,
    payloadHash: EMPTY_PAYLOAD_HASH,
  });
  const sig = signature(
    input.credentials.secretAccessKey,
    date,
    input.scope,
    stringToSign(date, input.scope, canonical),
  );
  url.search = canonicalQuery([...query, ['X-Amz-Signature', sig]]);
  return url;
}
