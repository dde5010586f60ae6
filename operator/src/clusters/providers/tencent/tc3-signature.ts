import { canonicalRequest, hmacSha256 as hmac, sha256Hex } from '../signing.js';

/**
 * Tencent Cloud API signature v3 (TC3-HMAC-SHA256):
 *   CanonicalRequest = method \n "/" \n query \n CanonicalHeaders \n SignedHeaders \n hex(sha256(body))
 *   StringToSign     = "TC3-HMAC-SHA256" \n timestamp \n date/service/tc3_request \n hex(sha256(CR))
 *   key = hmac(hmac(hmac("TC3" + SecretKey, date), service), "tc3_request")
 * Header names and values are lower-cased in the canonical form, as Tencent's documentation says.
 * Shared by the adapter and the test fake.
 */
export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

export interface Tc3Request {
  method: string;
  query: string;
  /** Header values by lower-case name. */
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** UTC calendar date of a Unix timestamp in seconds, as used in the credential scope. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function tc3CredentialScope(timestamp: number, service: string): string {
  return `${tc3Date(timestamp)}/${service}/tc3_request`;
}

export function tc3CanonicalRequest(request: Tc3Request, signedHeaders: string[]): string {
  return canonicalRequest({
    method: request.method,
    uri: '/',
    query: request.query,
    headers: request.headers,
    signedHeaders,
    body: request.body,
    lowerCaseValues: true,
  });
}

export function tc3Signature(
  request: Tc3Request,
  signedHeaders: string[],
  secretKey: string,
  service: string,
  timestamp: number,
): string {
  const scope = tc3CredentialScope(timestamp, service);
  const stringToSign = [
    TC3_ALGORITHM,
    String(timestamp),
    scope,
    sha256Hex(tc3CanonicalRequest(request, signedHeaders)),
  ].join('\n');
  const dateKey = hmac(`TC3${secretKey}`, tc3Date(timestamp));
  const signingKey = hmac(hmac(dateKey, service), 'tc3_request');
  return hmac(signingKey, stringToSign).toString('hex');
}

export function tc3Authorization(
  secretId: string,
  scope: string,
  signedHeaders: string[],
  signature: string,
): string {
  return `${TC3_ALGORITHM} Credential=${secretId}/${scope}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`;
}

export interface ParsedTc3Authorization {
  secretId: string;
  date: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

export function parseTc3Authorization(header: string): ParsedTc3Authorization | undefined {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match?.[1] || !match[2] || !match[3] || !match[4] || !match[5]) return undefined;
  return {
    secretId: match[1],
    date: match[2],
    service: match[3],
    signedHeaders: match[4].split(';'),
    signature: match[5],
  };
}
