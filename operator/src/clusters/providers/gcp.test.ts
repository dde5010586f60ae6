import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { startGcpFake, type GcpFake } from '../../testing/fakes/gcp-fake.js';
import { gcpCredentials, gcpProvider, type GcpCredentials } from './gcp.js';
import { JWT_BEARER_GRANT, jwtAssertion } from './gcp/jwt-assertion.js';
import type { ProviderContext } from './types.js';

function rsaKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const account = rsaKeyPair();
const stranger = rsaKeyPair();
const EMAIL = 'nimbus@demo-project.iam.gserviceaccount.com';
const CA = Buffer.from('-----BEGIN CERTIFICATE-----\nZ2tl\n-----END CERTIFICATE-----\n').toString(
  'base64',
);
const spec = { region: 'europe-west1', vendorProjectId: 'demo-project', vendorClusterId: 'prod' };
const creds: GcpCredentials = {
  type: 'service_account',
  client_email: EMAIL,
  private_key: account.privateKey,
  private_key_id: 'key-1',
};
const keyBody = (pem: string): string => pem.split('\n')[1] ?? '';

let fake: GcpFake;
let clock: Date;

function context(): ProviderContext {
  return {
    endpoints: { gcpToken: fake.tokenUrl, gke: fake.url },
    fetch,
    now: () => clock,
  };
}

beforeEach(async () => {
  clock = new Date();
  fake = await startGcpFake({
    serviceAccounts: [{ clientEmail: EMAIL, publicKey: account.publicKey, privateKeyId: 'key-1' }],
    clusters: {
      'projects/demo-project/locations/europe-west1/clusters/prod': {
        endpoint: '203.0.113.7',
        clusterCaCertificate: CA,
      },
    },
    now: () => clock,
  });
});

afterEach(() => fake.close());

async function connectError(credentials: GcpCredentials, s = spec): Promise<ApiError> {
  const error: unknown = await gcpProvider.connect(s, credentials, context()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

async function exchange(assertion: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(fake.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
  });
  return { status: response.status, body: await response.json() };
}

describe('ProviderGCP against the OAuth/GKE fake', () => {
  it('exchanges a JWT assertion and returns the cluster endpoint, CA and access token', async () => {
    const connection = await gcpProvider.connect(spec, creds, context());
    expect(connection).toEqual({
      server: 'https://203.0.113.7',
      certificateAuthorityData: CA,
      auth: { token: expect.stringMatching(/^ya29\.fake-/) },
      expiresAt: new Date(clock.getTime() + 3599 * 1000),
    });
    expect(fake.issued).toBe(1);
  });

  it('is refused when the key file is signed by another key, without echoing either key', async () => {
    const error = await connectError({ ...creds, private_key: stranger.privateKey });
    expect(error.message).toContain('Invalid JWT Signature');
    for (const pem of [stranger.privateKey, account.privateKey]) {
      expect(JSON.stringify({ message: error.message, error })).not.toContain(keyBody(pem));
    }
    expect(error.message).not.toContain('PRIVATE KEY');
    expect(fake.issued).toBe(0);
  });

  it('is refused for an unknown service account and a cluster that does not exist', async () => {
    expect(
      (await connectError({ ...creds, client_email: 'x@other.iam.gserviceaccount.com' })).message,
    ).toContain('unknown service account');
    expect((await connectError(creds, { ...spec, vendorClusterId: 'nope' })).message).toContain(
      'NOT_FOUND',
    );
  });

  it('validates project, location and cluster before building a URL from them', async () => {
    expect((await connectError(creds, { ...spec, region: '../../evil' })).message).toContain(
      'not a GKE region or zone',
    );
    expect((await connectError(creds, { ...spec, vendorProjectId: 'a/b' })).message).toContain(
      'project id',
    );
    expect(fake.issued).toBe(0);
  });
});

describe('GCP error messages', () => {
  it.each([
    ['verbatim', (pem: string) => pem],
    ['reflowed onto one line', (pem: string) => pem.replace(/\n/g, ' ')],
  ])('redact a private key a vendor echoes %s', async (_name, reformat) => {
    const echo: typeof fetch = () =>
      Promise.resolve(
        Response.json(
          { error: 'invalid_grant', error_description: `bad key ${reformat(account.privateKey)}` },
          { status: 400 },
        ),
      );
    const error: unknown = await gcpProvider
      .connect(spec, creds, { ...context(), fetch: echo })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const { message } = error as ApiError;
    expect(message).toMatch(
      /^Google OAuth token exchange failed \(HTTP 400\): invalid_grant bad key -----BEGIN PRIVATE KEY-----/,
    );
    expect(message).not.toContain(keyBody(account.privateKey));
  });
});

describe('the GCP fake verifies assertions and tokens itself', () => {
  const assertion = (overrides: Partial<Parameters<typeof jwtAssertion>[0]> = {}): string =>
    jwtAssertion({
      clientEmail: EMAIL,
      privateKey: account.privateKey,
      privateKeyId: 'key-1',
      audience: fake.tokenUrl,
      now: clock,
      ...overrides,
    });

  it('accepts a valid assertion', async () => {
    expect((await exchange(assertion())).status).toBe(200);
  });

  it.each([
    [
      'another audience',
      () => assertion({ audience: 'https://oauth2.googleapis.com/token' }),
      'audience',
    ],
    [
      'an expired assertion',
      () => assertion({ now: new Date(clock.getTime() - 2 * 3600 * 1000) }),
      'timeframe',
    ],
    [
      'a narrower scope',
      () => assertion({ scope: 'https://www.googleapis.com/auth/userinfo.email' }),
      'scope',
    ],
    ['another key', () => assertion({ privateKey: stranger.privateKey }), 'Signature'],
    ['another kid', () => assertion({ privateKeyId: 'key-2' }), 'Signature'],
    [
      'a tampered claim',
      () => {
        const [h, c, s] = assertion().split('.');
        const claims = JSON.parse(Buffer.from(c ?? '', 'base64url').toString()) as Record<
          string,
          unknown
        >;
        const forged = Buffer.from(
          JSON.stringify({ ...claims, exp: Number(claims.exp) + 7200 }),
        ).toString('base64url');
        return `${h}.${forged}.${s}`;
      },
      'Signature',
    ],
  ])('rejects %s', async (_name, make, reason) => {
    const { status, body } = await exchange(make());
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining(reason),
    });
  });

  it('answers the clusters API only to tokens it issued and that have not expired', async () => {
    const clusterUrl = `${fake.url}/v1/projects/demo-project/locations/europe-west1/clusters/prod`;
    const get = (token: string) =>
      fetch(clusterUrl, { headers: { authorization: `Bearer ${token}` } });
    expect((await get('ya29.forged')).status).toBe(401);
    const { body } = await exchange(assertion());
    const token = (body as { access_token: string }).access_token;
    expect((await get(token)).status).toBe(200);
    clock = new Date(clock.getTime() + 3600 * 1000);
    expect((await get(token)).status).toBe(401);
  });
});

describe('GCP credentials schema', () => {
  it('accepts a downloaded key file, dropping fields it does not need', () => {
    const parsed = gcpCredentials.parse({ ...creds, project_id: 'demo-project', client_id: '1' });
    expect(parsed).toEqual(creds);
  });

  it('refuses other token URIs, bad keys and other key types', () => {
    expect(
      gcpCredentials.safeParse({ ...creds, token_uri: 'http://169.254.169.254/token' }).success,
    ).toBe(false);
    expect(
      gcpCredentials.safeParse({ ...creds, token_uri: 'https://oauth2.googleapis.com/token' })
        .success,
    ).toBe(true);
    expect(gcpCredentials.safeParse({ ...creds, private_key: 'not a key' }).success).toBe(false);
    expect(gcpCredentials.safeParse({ ...creds, type: 'authorized_user' }).success).toBe(false);
    expect(gcpCredentials.safeParse({ ...creds, client_email: 'nope' }).success).toBe(false);
  });
});
