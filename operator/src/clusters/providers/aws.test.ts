import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAwsFake, type AwsFake } from '../../testing/fakes/aws-fake.js';
import { ApiError } from '../../core/errors.js';
import { awsCredentials, awsProvider, type AwsCredentials } from './aws.js';
import { signRequest } from './aws/sigv4.js';
import type { ProviderContext } from './types.js';

const SECRET = 'canary-secret-4e9f1c0b7a';
const creds: AwsCredentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: SECRET };
const temporary: AwsCredentials = {
  accessKeyId: 'ASIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'temporary-secret',
  sessionToken: 'canary-session-token-77aa',
};
const CA = Buffer.from(
  '-----BEGIN CERTIFICATE-----\nZmFrZQ==\n-----END CERTIFICATE-----\n',
).toString('base64');
const REGION = 'eu-west-1';
const spec = { region: REGION, vendorClusterId: 'prod' };

let fake: AwsFake;
let clock: Date;

function context(): ProviderContext {
  return { endpoints: { eks: fake.url, sts: fake.url }, fetch, now: () => clock };
}

beforeEach(async () => {
  clock = new Date();
  fake = await startAwsFake({
    region: REGION,
    identities: [
      { ...creds, arn: 'arn:aws:iam::123456789012:user/nimbus' },
      {
        accessKeyId: temporary.accessKeyId,
        secretAccessKey: 'temporary-secret',
        sessionToken: temporary.sessionToken,
      },
    ],
    clusters: { prod: { endpoint: 'https://prod.eks.example.com', certificateAuthorityData: CA } },
    now: () => clock,
  });
});

afterEach(() => fake.close());

async function connectError(credentials: AwsCredentials, s = spec): Promise<ApiError> {
  const error: unknown = await awsProvider.connect(s, credentials, context()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ProviderAWS against the EKS/STS fake', () => {
  it('returns endpoint, CA and a k8s-aws-v1 token the authenticator accepts', async () => {
    const connection = await awsProvider.connect(spec, creds, context());
    expect(connection.server).toBe('https://prod.eks.example.com');
    expect(connection.certificateAuthorityData).toBe(CA);
    expect(connection.expiresAt?.getTime()).toBe(clock.getTime() + 14 * 60 * 1000);
    const auth = connection.auth as { token: string };
    expect(auth.token).toMatch(/^k8s-aws-v1\.[A-Za-z0-9_-]+$/);
    const url = new URL(Buffer.from(auth.token.slice(11), 'base64url').toString());
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host;x-k8s-aws-id');
    expect(await fake.verifyPresignedToken(auth.token, 'prod')).toEqual({
      ok: true,
      accessKeyId: creds.accessKeyId,
      arn: 'arn:aws:iam::123456789012:user/nimbus',
    });
    expect(fake.accepted).toBe(1);
  });

  it('binds the token to its cluster, its signature and its age', async () => {
    const { auth } = await awsProvider.connect(spec, creds, context());
    const token = (auth as { token: string }).token;
    expect(await fake.verifyPresignedToken(token, 'staging')).toMatchObject({ ok: false });
    const url = Buffer.from(token.slice(11), 'base64url').toString();
    const tampered = url.replace('X-Amz-Expires=60', 'X-Amz-Expires=900');
    const forged = 'k8s-aws-v1.' + Buffer.from(tampered).toString('base64url');
    expect(await fake.verifyPresignedToken(forged, 'prod')).toMatchObject({ ok: false });
    expect(
      await fake.verifyPresignedToken(token.replace('k8s-aws-v1.', 'k8s-aws-v2.'), 'prod'),
    ).toMatchObject({
      ok: false,
    });
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    expect(await fake.verifyPresignedToken(token, 'prod')).toEqual({
      ok: false,
      reason: 'token expired',
    });
  });

  it('signs with the session token of temporary credentials', async () => {
    const connection = await awsProvider.connect(spec, temporary, context());
    const token = (connection.auth as { token: string }).token;
    expect(await fake.verifyPresignedToken(token, 'prod')).toMatchObject({ ok: true });
    const { sessionToken: _dropped, ...withoutToken } = temporary;
    const error = await connectError(withoutToken);
    expect(error.message).toContain('UnrecognizedClientException');
  });

  it('is refused by the fake with a wrong secret, and never echoes the secret', async () => {
    const error = await connectError({ ...creds, secretAccessKey: `${SECRET}-wrong` });
    expect(error.message).toContain('InvalidSignatureException');
    expect(error.message).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(fake.accepted).toBe(0);
  });

  it('is refused for an unknown access key and a region outside the scope', async () => {
    expect(
      (await connectError({ ...creds, accessKeyId: 'AKIAUNKNOWNKEY000000' })).message,
    ).toContain('UnrecognizedClientException');
    const wrongRegion = await connectError(creds, { ...spec, region: 'us-east-1' });
    expect(wrongRegion.message).toContain('scoped to correct service/region');
  });

  it('reports a missing cluster and rejects region names that are not AWS regions', async () => {
    expect((await connectError(creds, { ...spec, vendorClusterId: 'nope' })).message).toContain(
      'ResourceNotFoundException',
    );
    const injected = await connectError(creds, { ...spec, region: 'evil.example.com/x' });
    expect(injected.message).toContain('is not an AWS region');
    expect(fake.accepted).toBe(1);
  });
});

describe('AWS error messages', () => {
  it('show the error type header only when it looks like one', async () => {
    const odd: typeof fetch = () =>
      Promise.resolve(
        new Response('{}', { status: 500, headers: { 'x-amzn-errortype': 'a b <script>' } }),
      );
    const error: unknown = await awsProvider
      .connect(spec, creds, { ...context(), fetch: odd })
      .catch((e: unknown) => e);
    expect((error as ApiError).message).toBe(
      'EKS DescribeCluster failed (HTTP 500): no error details',
    );
  });

  it('redact secrets a vendor echoes and drop the canonical request that follows', async () => {
    const echo: typeof fetch = () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            message: `bad ${temporary.sessionToken} ${temporary.secretAccessKey}\nThe Canonical String was GET /x`,
          }),
          { status: 403, headers: { 'x-amzn-errortype': 'InvalidSignatureException:http://x/' } },
        ),
      );
    const error: unknown = await awsProvider
      .connect(spec, temporary, { ...context(), fetch: echo })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const { message } = error as ApiError;
    expect(message).toBe(
      'EKS DescribeCluster failed (InvalidSignatureException): bad [redacted] [redacted]',
    );
  });
});

describe('the EKS fake verifies SigV4 itself', () => {
  async function call(
    mutate: (headers: Record<string, string>) => void,
    at = clock,
  ): Promise<Response> {
    const url = new URL('/clusters/prod', fake.url);
    const headers = await signRequest({
      method: 'GET',
      url,
      credentials: creds,
      scope: { region: REGION, service: 'eks' },
      now: at,
    });
    mutate(headers);
    return fetch(url, { headers });
  }

  it('accepts an untouched request', async () => {
    expect((await call(() => undefined)).status).toBe(200);
  });

  it.each([
    [
      'a flipped signature digit',
      (h: Record<string, string>) => {
        h.authorization = (h.authorization ?? '').replace(
          /Signature=(.)/,
          (_m, c: string) => `Signature=${c === '0' ? '1' : '0'}`,
        );
      },
    ],
    [
      'a missing x-amz-date',
      (h: Record<string, string>) => {
        delete h['x-amz-date'];
      },
    ],
    [
      'a changed x-amz-date',
      (h: Record<string, string>) => {
        h['x-amz-date'] = new Date(clock.getTime() + 1000)
          .toISOString()
          .replace(/[-:]|\.\d{3}/g, '');
      },
    ],
    [
      'a missing Authorization',
      (h: Record<string, string>) => {
        delete h.authorization;
      },
    ],
    [
      'another service in the scope',
      (h: Record<string, string>) => {
        h.authorization = (h.authorization ?? '').replace('/eks/', '/ec2/');
      },
    ],
  ])('rejects %s with 403 and an AWS error body', async (_name, mutate) => {
    const response = await call(mutate);
    expect(response.status).toBe(403);
    expect(response.headers.get('x-amzn-errortype')).toMatch(/Exception$/);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('rejects a request signed more than five minutes ago', async () => {
    const response = await call(() => undefined, new Date(clock.getTime() - 6 * 60 * 1000));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain('Signature expired');
  });
});

describe('AWS credentials schema', () => {
  it('accepts access keys and refuses malformed ones', () => {
    expect(awsCredentials.safeParse(creds).success).toBe(true);
    expect(awsCredentials.safeParse(temporary).success).toBe(true);
    expect(awsCredentials.safeParse({ ...creds, accessKeyId: 'not-a-key' }).success).toBe(false);
    expect(awsCredentials.safeParse({ ...creds, secretAccessKey: '' }).success).toBe(false);
    expect(awsCredentials.safeParse({ ...temporary, sessionToken: undefined }).success).toBe(false);
    expect(awsCredentials.safeParse({ ...creds, extra: 1 }).success).toBe(false);
  });
});
