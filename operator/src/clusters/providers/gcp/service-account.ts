import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

/**
 * The token URIs a pasted key file may name. The file is user input: any other URI would make the
 * operator post signed assertions to an address of the user's choosing. Operators who need another
 * token endpoint set it in configuration (ctx.endpoints.gcpToken) instead.
 */
export const GOOGLE_TOKEN_URIS = [
  'https://oauth2.googleapis.com/token',
  'https://accounts.google.com/o/oauth2/token',
  'https://www.googleapis.com/oauth2/v4/token',
] as const;

export const DEFAULT_TOKEN_URI = GOOGLE_TOKEN_URIS[0];

function isPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** A service-account key file as downloaded from Google Cloud; unknown fields are dropped. */
export const gcpCredentials = z.object({
  type: z.literal('service_account'),
  client_email: z.email(),
  private_key: z
    .string()
    .max(16_384)
    .refine((pem) => pem.includes('-----BEGIN PRIVATE KEY-----') && isPrivateKey(pem), {
      message: 'not a PEM RSA private key',
    }),
  private_key_id: z.string().min(1).max(128),
  token_uri: z
    .enum(GOOGLE_TOKEN_URIS, { message: 'token_uri must be a Google OAuth 2.0 token endpoint' })
    .optional(),
});

export type GcpCredentials = z.infer<typeof gcpCredentials>;
