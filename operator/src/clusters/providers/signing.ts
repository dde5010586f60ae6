import { createHash, createHmac } from 'node:crypto';

/**
 * Pieces the vendor HMAC-SHA256 signature schemes without a small official signer share (Alibaba
 * ACS3, Tencent TC3, Huawei SDK-HMAC-SHA256; AWS SigV4 uses AWS's own). What differs between
 * vendors — URI and query encoding, which headers are signed, how the string to sign and the key
 * are built — stays in each vendor's module.
 */
export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hmacSha256(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** RFC 3986 percent-encoding: only A-Z a-z 0-9 - _ . ~ stay literal. */
export function rfc3986Encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export interface CanonicalRequestParts {
  method: string;
  /** Already canonical in the vendor's own encoding. */
  uri: string;
  query: string;
  /** Header values by lower-case name. */
  headers: Readonly<Record<string, string>>;
  signedHeaders: readonly string[];
  body: string;
  /** Tencent lower-cases header values in the canonical form; the others keep their case. */
  lowerCaseValues?: boolean;
}

/** method \n uri \n query \n name:value\n… \n signed;headers \n hex(sha256(body)) */
export function canonicalRequest(parts: CanonicalRequestParts): string {
  const headerLines = parts.signedHeaders.map((name) => {
    const value = (parts.headers[name] ?? '').trim();
    return `${name}:${parts.lowerCaseValues ? value.toLowerCase() : value}\n`;
  });
  return [
    parts.method.toUpperCase(),
    parts.uri,
    parts.query,
    headerLines.join(''),
    parts.signedHeaders.join(';'),
    sha256Hex(parts.body),
  ].join('\n');
}
