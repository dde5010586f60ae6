import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * What the fake issuer puts in its next ID token. `valid` is a token a real provider would issue;
 * the others are forgeries the relying party must refuse: signed with a key the issuer never
 * published (under the published key's kid), for another client, with another nonce, expired.
 */
export type IdTokenForgery = 'valid' | 'wrong-key' | 'wrong-audience' | 'wrong-nonce' | 'expired';

/** Each forgery and the word the relying party's refusal names it by. */
export const forgeries: ReadonlyArray<readonly [Exclude<IdTokenForgery, 'valid'>, string]> = [
  ['wrong-key', 'signature'],
  ['wrong-audience', 'aud'],
  ['wrong-nonce', 'nonce'],
  ['expired', 'exp'],
];

export interface ForgingIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  forgery: IdTokenForgery;
  /** The claims of the user it signs in (sub, preferred_username, email, groups …). */
  claims: Record<string, unknown>;
  /** Token requests seen, with whether their PKCE verifier matched the challenge. */
  tokenRequests: Array<{ pkce: boolean }>;
  close(): Promise<void>;
}

interface Pending {
  nonce: string;
  challenge: string;
  redirectUri: string;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function body(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/**
 * A loopback OpenID provider that follows the authorization code flow with PKCE (the
 * authorization endpoint answers at once, as if the user had signed in) and issues ID tokens as
 * told: the boundary at which forged tokens can be put in front of a relying party. `port` 0
 * takes any free port.
 */
export async function startForgingIssuer(port = 0, host = '127.0.0.1'): Promise<ForgingIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const attacker = await generateKeyPair('RS256');
  const kid = randomBytes(6).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const pending = new Map<string, Pending>();
  let issuer = '';

  const fake: ForgingIssuer = {
    issuer,
    clientId: 'nimbus',
    clientSecret: randomBytes(12).toString('hex'),
    forgery: 'valid',
    claims: {
      sub: 'forged-subject',
      preferred_username: 'forged-user',
      email: 'forged@issuer.example',
      groups: [],
    },
    tokenRequests: [],
    close: async () => undefined,
  };

  const idToken = async (code: Pending): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const key: CryptoKey = fake.forgery === 'wrong-key' ? attacker.privateKey : privateKey;
    return new SignJWT({
      ...fake.claims,
      nonce: fake.forgery === 'wrong-nonce' ? 'a-nonce-of-another-sign-in' : code.nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience(fake.forgery === 'wrong-audience' ? 'another-client' : fake.clientId)
      .setIssuedAt(fake.forgery === 'expired' ? now - 7200 : now)
      .setExpirationTime(fake.forgery === 'expired' ? now - 3600 : now + 300)
      .sign(key);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', issuer);
    switch (url.pathname) {
      case '/.well-known/openid-configuration':
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        });
      case '/jwks':
        return json(res, 200, { keys: [jwk] });
      case '/authorize': {
        const code = randomBytes(16).toString('hex');
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        pending.set(code, {
          nonce: url.searchParams.get('nonce') ?? '',
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri,
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return void res.end();
      }
      case '/token': {
        const form = await body(req);
        const basic = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
        const code = pending.get(form.get('code') ?? '');
        pending.delete(form.get('code') ?? '');
        if (req.headers.authorization !== basic) return json(res, 401, { error: 'invalid_client' });
        if (!code || form.get('redirect_uri') !== code.redirectUri) {
          return json(res, 400, { error: 'invalid_grant' });
        }
        const pkce = s256(form.get('code_verifier') ?? '') === code.challenge;
        fake.tokenRequests.push({ pkce });
        if (!pkce) return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, {
          access_token: 'access-token',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken(code),
        });
      }
      case '/userinfo':
        return json(res, 200, fake.claims);
      default:
        return json(res, 404, { error: 'not_found' });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  fake.issuer = issuer;
  fake.close = () =>
    new Promise((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return fake;
}
