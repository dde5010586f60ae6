import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure as failure } from '../testing/api-failure.js';
import { startAwsFake, type AwsFake } from '../testing/fakes/aws-fake.js';
import { startRegistryFake, type RegistryFake } from '../testing/fakes/registry-fake.js';
import { loopbackCertificate } from '../testing/loopback-tls.js';
import type { LoginContext } from './logins.js';
import { loginFor } from './logins.js';
import { OciClient } from './oci-distribution.js';
import type { RegistryLogin } from './oci-distribution.js';
import type { RegistryHttpSettings } from './registry-http.js';
import { tagItems } from './tag-items.js';

const AK = 'HPUAEXAMPLEKEY01';
const SK = 'canary-sk-2f8e61';
const ECR_PASSWORD = 'canary-ecr-password-91ab';
const AWS_KEY = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'canary-aws-secret-0c1d' };
const settings: RegistryHttpSettings = { policy: { allowHosts: ['127.0.0.1'] }, timeoutMs: 5_000 };
const repositories = {
  'shop/web': {
    '1.0': '2026-01-02T03:04:05Z',
    stable: '2026-01-02T03:04:05Z',
    '1.1': '2026-02-01T00:00:00Z',
  },
  'shop/api': { latest: '2026-03-01T00:00:00Z' },
};

/** SWR's long-term password as Huawei documents it, computed here independently of the adapter. */
const swrPassword = (ak: string, sk: string) => createHmac('sha256', sk).update(ak).digest('hex');

let registry: RegistryFake;
let aws: AwsFake;
let context: LoginContext;

beforeEach(async () => {
  registry = await startRegistryFake({
    accepts: (user, password) =>
      (user === `cn-north-4@${AK}` && password === swrPassword(AK, SK)) ||
      (user === 'AWS' && password === ECR_PASSWORD) ||
      (user === 'robot$ci' && password === 'harbor-pw'),
    repositories,
  });
  aws = await startAwsFake({
    region: 'eu-west-1',
    identities: [AWS_KEY],
    clusters: {},
    ecrPassword: ECR_PASSWORD,
  });
  context = { endpoints: { ecr: aws.url }, fetch, now: () => new Date() };
});

afterEach(async () => {
  await registry.close();
  await aws.close();
});

const client = (login: RegistryLogin | undefined, ca: string | undefined = loopbackCertificate) =>
  new OciClient(
    { host: registry.host, ...(login ? { login } : {}), ...(ca ? { caCertificate: ca } : {}) },
    settings,
  );

describe('Huawei SWR', () => {
  it('signs in as {region}@AK with hex(HMAC-SHA256(SK, AK)) and lists the catalogue', async () => {
    const login = await loginFor(
      'SWR',
      'swr.cn-north-4.myhuaweicloud.com',
      { accessKeyId: AK, secretAccessKey: SK },
      context,
    );
    expect(await client(login).catalog()).toEqual(['shop/api', 'shop/web']);
    expect(registry.logins).toContain(`cn-north-4@${AK}`);
  });

  it('a wrong secret key is refused with 2004', async () => {
    const login = await loginFor(
      'SWR',
      'swr.cn-north-4.myhuaweicloud.com',
      { accessKeyId: AK, secretAccessKey: 'other' },
      context,
    );
    expect((await failure(client(login).ping())).entry.code).toBe(2004);
  });
});

describe('AWS ECR', () => {
  it('gets the registry password from a SigV4-signed GetAuthorizationToken', async () => {
    const login = await loginFor(
      'ECR',
      '123456789012.dkr.ecr.eu-west-1.amazonaws.com',
      AWS_KEY,
      context,
    );
    expect(login).toEqual({ username: 'AWS', password: ECR_PASSWORD });
    expect(aws.accepted).toBe(1);
    await client(login).ping();
  });

  it('a wrong secret fails the signature check: 2004, and the secret is in no message', async () => {
    const error = await failure(
      loginFor(
        'ECR',
        '123456789012.dkr.ecr.eu-west-1.amazonaws.com',
        { ...AWS_KEY, secretAccessKey: 'nope-secret' },
        context,
      ),
    );
    expect(error.entry.code).toBe(2004);
    expect(error.message).not.toContain('nope-secret');
    expect(aws.accepted).toBe(0);
  });

  it('a key scoped to another region is refused', async () => {
    const error = await failure(
      loginFor('ECR', '123456789012.dkr.ecr.us-east-1.amazonaws.com', AWS_KEY, context),
    );
    expect(error.entry.code).toBe(2004);
  });
});

describe('a Harbor-style registry (user and password through the token service)', () => {
  it('groups tags by image digest, newest first, with the configuration time', async () => {
    const items = await tagItems(
      client({ username: 'robot$ci', password: 'harbor-pw' }),
      'shop/web',
    );
    expect(items).toEqual([
      {
        imageTags: ['1.1'],
        imagePushedAt: '2026-02-01T00:00:00.000Z',
        digest: expect.stringMatching(/^sha256:/),
      },
      {
        imageTags: ['1.0', 'stable'],
        imagePushedAt: '2026-01-02T03:04:05.000Z',
        digest: expect.stringMatching(/^sha256:/),
      },
    ]);
  });

  it('a wrong password is 2004; no password at all is 2004 too', async () => {
    expect(
      (await failure(client({ username: 'robot$ci', password: 'x' }).catalog())).entry.code,
    ).toBe(2004);
    expect((await failure(client(undefined).catalog())).entry.code).toBe(2004);
  });

  it('without the registry CA the certificate is not trusted (2003)', async () => {
    const error = await failure(client({ username: 'robot$ci', password: 'harbor-pw' }, '').ping());
    expect(error.entry.code).toBe(2003);
    expect(error.message).toContain('certificate is not trusted');
  });

  it('a loopback registry the policy does not list is refused before any connection', async () => {
    const strict = new OciClient(
      { host: registry.host, caCertificate: loopbackCertificate },
      { ...settings, policy: {} },
    );
    const error = await failure(strict.ping());
    expect(error.message).toContain('the address is refused');
    expect(registry.logins).toEqual([]);
  });
});
