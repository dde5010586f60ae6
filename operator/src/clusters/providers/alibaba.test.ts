import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAlibabaFake } from '../../testing/fakes/alibaba-fake.js';
import { fakePem, kubeconfigYaml } from '../../testing/fakes/kubeconfig-fixture.js';
import { expectRefusal } from '../../testing/fakes/vendor-assertions.js';
import type { RunningFake } from '../../testing/fakes/vendor-fake-server.js';
import {
  acsDate,
  createAlibabaAdapter,
  signAlibabaRequest,
  type AlibabaCredentials,
} from './alibaba.js';
import type { ClusterConnection, ProviderContext } from './types.js';

const CANARY = 'canary-alibaba-secret-7f3a9';
const credentials: AlibabaCredentials = { accessKeyId: 'LTAI5tFakeKeyId', accessKeySecret: CANARY };
const spec = { region: 'cn-hangzhou', vendorClusterId: 'c0ffee123' };
const CA = fakePem('CERTIFICATE', 'cluster-ca');
const memberKubeconfig = kubeconfigYaml({
  server: 'https://203.0.113.10:6443/',
  certificateAuthorityData: CA,
  user: { token: 'member-token-abc' },
});

async function start(kubeconfig = memberKubeconfig, now?: () => Date): Promise<RunningFake> {
  return startAlibabaFake({
    ...credentials,
    clusterId: spec.vendorClusterId,
    kubeconfig,
    expiration: '2030-01-02T03:04:05Z',
    ...(now ? { now } : {}),
  });
}

function context(fake: RunningFake, now = () => new Date()): ProviderContext {
  return { endpoints: { alibaba: fake.url }, fetch, now };
}

describe('ProviderALiCloud against the ACK fake', () => {
  const adapter = createAlibabaAdapter({ policy: {} });
  let fake: RunningFake;
  beforeEach(async () => {
    fake = await start();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('turns the user kubeconfig into a ClusterConnection', async () => {
    const connection = await adapter.connect(spec, credentials, context(fake));
    expect(connection).toEqual<ClusterConnection>({
      server: 'https://203.0.113.10:6443',
      certificateAuthorityData: CA,
      auth: { token: 'member-token-abc' },
      expiresAt: new Date('2030-01-02T03:04:05Z'),
    });
    const sent = fake.received[0];
    expect(sent?.path).toBe('/k8s/c0ffee123/user_config');
    expect(sent?.query.get('PrivateIpAddress')).toBe('false');
    expect(sent?.headers.authorization).not.toContain(CANARY);
  });

  it('is refused by the fake for a wrong secret, key id or stale date, without leaking', async () => {
    const wrongSecret = { ...credentials, accessKeySecret: `${CANARY}-wrong` };
    await expectRefusal(
      adapter.connect(spec, wrongSecret, context(fake)),
      /SignatureDoesNotMatch \(HTTP 400\)/,
      [CANARY],
    );
    await expectRefusal(
      adapter.connect(spec, { ...credentials, accessKeyId: 'LTAIother' }, context(fake)),
      /InvalidAccessKeyId\.NotFound/,
      [CANARY],
    );
    const stale = () => new Date(Date.now() - 20 * 60 * 1000);
    await expectRefusal(adapter.connect(spec, credentials, context(fake, stale)), /Expired/, [
      CANARY,
    ]);
  });

  it('fake rejects a request whose path, date or nonce was tampered with', async () => {
    const send = (req: ReturnType<typeof signAlibabaRequest>) =>
      fetch(req.url, { method: req.method, headers: req.headers }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { Code?: string },
      }));
    const ctx = context(fake);

    const moved = signAlibabaRequest(spec, credentials, ctx);
    moved.url.pathname = '/k8s/other/user_config';
    expect((await send(moved)).body.Code).toBe('SignatureDoesNotMatch');

    const redated = signAlibabaRequest(spec, credentials, ctx);
    const signedAt = new Date(redated.headers['x-acs-date'] ?? '');
    redated.headers['x-acs-date'] = acsDate(new Date(signedAt.getTime() + 1000));
    expect((await send(redated)).body.Code).toBe('SignatureDoesNotMatch');

    const undated = signAlibabaRequest(spec, credentials, ctx);
    delete undated.headers['x-acs-date'];
    expect((await send(undated)).body.Code).toBe('MissingParameter');

    const extra = signAlibabaRequest(spec, credentials, ctx);
    extra.headers['x-acs-security-token'] = 'smuggled';
    expect((await send(extra)).body.Code).toBe('IncompleteSignature');

    const once = signAlibabaRequest(spec, credentials, ctx);
    expect((await send(once)).status).toBe(200);
    expect((await send(once)).body.Code).toBe('SignatureNonceUsed');
  });

  it('validates the spec before calling the vendor', async () => {
    await expectRefusal(
      adapter.connect({ region: spec.region }, credentials, context(fake)),
      /cluster id/,
      [CANARY],
    );
    await expectRefusal(
      adapter.connect({ ...spec, region: 'evil.example.com/x' }, credentials, context(fake)),
      /region/,
      [CANARY],
    );
    expect(fake.received).toHaveLength(0);
  });
});

describe('ProviderALiCloud treats the returned kubeconfig as hostile', () => {
  const adapter = createAlibabaAdapter({ policy: {} });

  it.each([
    ['an exec plugin', { exec: { command: '/bin/sh', args: ['-c', 'id'] } }, {}, /exec/],
    ['a token file', { tokenFile: '/etc/passwd' }, {}, /tokenFile/],
    ['a metadata server', { token: 't' }, { server: 'http://169.254.169.254' }, /refused/],
  ])('refuses a kubeconfig with %s', async (_name, user, override, reason) => {
    const kubeconfig = kubeconfigYaml({
      server: 'https://203.0.113.10:6443',
      certificateAuthorityData: CA,
      user,
      clusterExtras: override,
    });
    const fake = await start(kubeconfig);
    try {
      await expectRefusal(adapter.connect(spec, credentials, context(fake)), reason, [CANARY]);
    } finally {
      await fake.close();
    }
  });
});
