import { canonicalRequest, hmacSha256, rfc3986Encode, sha256Hex } from '../signing.js';

/**
 * Huawei Cloud AK/SK signing (API Gateway "SDK-HMAC-SHA256"):
 *   CanonicalRequest = method \n CanonicalURI \n query \n CanonicalHeaders \n SignedHeaders \n
 *                      hex(sha256(body))
 *   StringToSign     = "SDK-HMAC-SHA256" \n X-Sdk-Date \n hex(sha256(CanonicalRequest))
 *   Signature        = hex(hmac-sha256(SecretKey, StringToSign))
 * The canonical URI always ends in "/" (a Huawei peculiarity), and X-Sdk-Date must be signed.
 * Shared by the adapter and the test fake.
 */
export const SDK_HMAC_ALGORITHM = 'SDK-HMAC-SHA256';

export interface SdkHmacRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Header values by lower-case name. */
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** `YYYYMMDDTHHMMSSZ`, the X-Sdk-Date format. */
export function sdkDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function parseSdkDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function canonicalUri(path: string): string {
  const encoded = path
    .split('/')
    .map((segment) => rfc3986Encode(decodeURIComponent(segment)))
    .join('/');
  return encoded.endsWith('/') ? encoded : `${encoded}/`;
}

function canonicalQuery(query: URLSearchParams): string {
  return [...query.entries()]
    .map(([key, value]) => [rfc3986Encode(key), rfc3986Encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function sdkHmacCanonicalRequest(request: SdkHmacRequest, signedHeaders: string[]): string {
  return canonicalRequest({
    method: request.method,
    uri: canonicalUri(request.path),
    query: canonicalQuery(request.query),
    headers: request.headers,
    signedHeaders,
    body: request.body,
  });
}

export function sdkHmacSignature(
  request: SdkHmacRequest,
  signedHeaders: string[],
  secretKey: string,
): string {
  const date = request.headers['x-sdk-date'] ?? '';
  const stringToSign = `${SDK_HMAC_ALGORITHM}\n${date}\n${sha256Hex(sdkHmacCanonicalRequest(request, signedHeaders))}`;
  return hmacSha256(secretKey, stringToSign).toString('hex');
}

export function sdkHmacAuthorization(
  accessKey: string,
  signedHeaders: string[],
  signature: string,
): string {
  return `${SDK_HMAC_ALGORITHM} Access=${accessKey}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`;
}

export interface ParsedSdkHmacAuthorization {
  accessKey: string;
  signedHeaders: string[];
  signature: string;
}

export function parseSdkHmacAuthorization(header: string): ParsedSdkHmacAuthorization | undefined {
  const match =
    /^SDK-HMAC-SHA256 Access=([^,\s]+), SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { accessKey: match[1], signedHeaders: match[2].split(';'), signature: match[3] };
}
