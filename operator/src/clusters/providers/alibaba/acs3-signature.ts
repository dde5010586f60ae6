import { canonicalRequest, hmacSha256, rfc3986Encode, sha256Hex } from '../signing.js';

/**
 * Alibaba Cloud request signature V3 (ACS3-HMAC-SHA256), the scheme Alibaba documents for every
 * OpenAPI product including Container Service (ROA style, cs.{region}.aliyuncs.com):
 *   CanonicalRequest = method \n CanonicalURI \n CanonicalQueryString \n CanonicalHeaders \n
 *                      SignedHeaders \n hex(sha256(body))
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(sha256(CanonicalRequest))
 *   Signature        = hex(hmac-sha256(AccessKeySecret, StringToSign))
 * Shared by the adapter (signing) and the test fake (verifying), so both sides are one algorithm.
 */
export const ACS3_ALGORITHM = 'ACS3-HMAC-SHA256';

export interface Acs3Request {
  method: string;
  /** Path as sent, e.g. `/k8s/c123/user_config`. */
  path: string;
  query: URLSearchParams;
  /** Header values by lower-case name. */
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** RFC 3986 percent-encoding, as Alibaba specifies it. */
export const acsPercentEncode = rfc3986Encode;

function canonicalUri(path: string): string {
  if (path === '') return '/';
  return path
    .split('/')
    .map((segment) => acsPercentEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(query: URLSearchParams): string {
  return [...query.entries()]
    .map(([key, value]) => [acsPercentEncode(key), acsPercentEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** The headers Alibaba requires to be signed when present: host, content-type and x-acs-*. */
export function acs3HeadersToSign(headers: Readonly<Record<string, string>>): string[] {
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .filter((name) => name === 'host' || name === 'content-type' || name.startsWith('x-acs-'))
    .sort();
}

export function acs3CanonicalRequest(request: Acs3Request, signedHeaders: string[]): string {
  return canonicalRequest({
    method: request.method,
    uri: canonicalUri(request.path),
    query: canonicalQuery(request.query),
    headers: request.headers,
    signedHeaders,
    body: request.body,
  });
}

export function acs3Signature(
  request: Acs3Request,
  signedHeaders: string[],
  accessKeySecret: string,
): string {
  const stringToSign = `${ACS3_ALGORITHM}\n${sha256Hex(acs3CanonicalRequest(request, signedHeaders))}`;
  return hmacSha256(accessKeySecret, stringToSign).toString('hex');
}

export function acs3Authorization(
  accessKeyId: string,
  signedHeaders: string[],
  signature: string,
): string {
  return `${ACS3_ALGORITHM} Credential=${accessKeyId},SignedHeaders=${signedHeaders.join(';')},Signature=${signature}`;
}

export interface ParsedAcs3Authorization {
  accessKeyId: string;
  signedHeaders: string[];
  signature: string;
}

export function parseAcs3Authorization(header: string): ParsedAcs3Authorization | undefined {
  const match =
    /^ACS3-HMAC-SHA256 Credential=([^,\s]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { accessKeyId: match[1], signedHeaders: match[2].split(';'), signature: match[3] };
}
