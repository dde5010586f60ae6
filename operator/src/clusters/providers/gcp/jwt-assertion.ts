import { sign } from 'node:crypto';

/**
 * The OAuth 2.0 JWT-bearer assertion of a Google service account (RFC 7523): RS256 over
 * `header.claims`, signed with the account's private key, exchanged at the token URI.
 */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_LIFETIME_SECONDS = 3600;

export interface AssertionInput {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
  audience: string;
  scope?: string;
  now: Date;
}

function segment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function jwtAssertion(input: AssertionInput): string {
  const iat = Math.floor(input.now.getTime() / 1000);
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(input.privateKeyId ? { kid: input.privateKeyId } : {}),
  };
  const claims = {
    iss: input.clientEmail,
    scope: input.scope ?? CLOUD_PLATFORM_SCOPE,
    aud: input.audience,
    iat,
    exp: iat + ASSERTION_LIFETIME_SECONDS,
  };
  const signingInput = `${segment(header)}.${segment(claims)}`;
  const signature = sign('sha256', Buffer.from(signingInput), input.privateKey).toString(
    'base64url',
  );
  return `${signingInput}.${signature}`;
}
