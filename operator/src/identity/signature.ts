import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Open-API request signing (docs/open-api.md); hack/sign-request.mjs implements the same. */
export const signatureHeaders = {
  accessKey: 'X-Nimbus-Access-Key',
  timestamp: 'X-Nimbus-Timestamp',
  nonce: 'X-Nimbus-Nonce',
  signature: 'X-Nimbus-Signature',
} as const;

/** A request more than this far from the server clock is refused. */
export const signatureWindowSeconds = 300;
const noncePattern = /^[A-Za-z0-9_-]{16,64}$/;

const rfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** Query pairs decoded, sorted by name then value, re-encoded (RFC 3986) and joined with &. */
export function sortedQuery(query: string): string {
  const pairs = [...new URLSearchParams(query)];
  pairs.sort(([ak, av], [bk, bv]) => (ak === bk ? compare(av, bv) : compare(ak, bk)));
  return pairs.map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`).join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first query parameter name that occurs more than once, if any. */
export function repeatedQueryKey(query: string): string | undefined {
  const seen = new Set<string>();
  for (const [name] of new URLSearchParams(query)) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

const signedHeaderPrefix = 'x-nimbus-';

/**
 * One `name:value` line per X-Nimbus-* header but the signature: names in lower case, sorted,
 * values trimmed. So the organization and user headers cannot be swapped under a signature.
 */
export function canonicalHeaders(headers: Record<string, string>): string[] {
  const signature = signatureHeaders.signature.toLowerCase();
  return Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .filter(([name]) => name.startsWith(signedHeaderPrefix) && name !== signature)
    .sort(([a], [b]) => compare(a, b))
    .map(([name, value]) => `${name}:${value}`);
}

export interface SignedParts {
  method: string;
  /** Path exactly as sent, without the query. */
  path: string;
  /** Raw query string without '?'. */
  query: string;
  timestamp: string;
  nonce: string;
  /** Content-Type as sent ('' when none). */
  contentType: string;
  /** Request headers by name; the X-Nimbus-* ones (but the signature) are signed. */
  headers: Record<string, string>;
  body: Buffer;
}

export function stringToSign(parts: SignedParts): string {
  return [
    parts.method.toUpperCase(),
    parts.path,
    sortedQuery(parts.query),
    parts.timestamp,
    parts.nonce,
    parts.contentType.trim(),
    ...canonicalHeaders(parts.headers),
    createHash('sha256').update(parts.body).digest('hex'),
  ].join('\n');
}

export function computeSignature(secretKey: string, parts: SignedParts): string {
  return createHmac('sha256', secretKey).update(stringToSign(parts)).digest('hex');
}

export function signatureMatches(
  secretKey: string,
  parts: SignedParts,
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(computeSignature(secretKey, parts), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Shape checks before any lookup: well-formed nonce and a timestamp inside the window. */
export function freshnessProblem(
  timestamp: string,
  nonce: string,
  nowSeconds: number,
): string | undefined {
  if (!noncePattern.test(nonce)) return 'nonce must be 16-64 characters of A-Z a-z 0-9 _ -';
  if (!/^\d{1,12}$/.test(timestamp)) return 'timestamp must be unix seconds';
  if (Math.abs(Number(timestamp) - nowSeconds) > signatureWindowSeconds) {
    return `timestamp is more than ${signatureWindowSeconds} seconds off`;
  }
  return undefined;
}
