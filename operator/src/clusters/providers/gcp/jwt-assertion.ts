import jwt from 'jsonwebtoken';

/**
 * The OAuth 2.0 JWT-bearer assertion of a Google service account (RFC 7523): RS256 over
 * `header.claims`, signed with the account's private key by jsonwebtoken (the library that
 * also signs the operator's sessions), exchanged at the token URI.
 */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const ASSERTION_ALGORITHM = 'RS256';
const ASSERTION_LIFETIME_SECONDS = 3600;

export interface AssertionInput {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
  audience: string;
  scope?: string;
  now: Date;
}

export function jwtAssertion(input: AssertionInput): string {
  const iat = Math.floor(input.now.getTime() / 1000);
  const claims = {
    iss: input.clientEmail,
    scope: input.scope ?? CLOUD_PLATFORM_SCOPE,
    aud: input.audience,
    iat,
    exp: iat + ASSERTION_LIFETIME_SECONDS,
  };
  return jwt.sign(claims, input.privateKey, {
    algorithm: ASSERTION_ALGORITHM,
    ...(input.privateKeyId ? { keyid: input.privateKeyId } : {}),
  });
}
