import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakePem, kubeconfigYaml } from '../../testing/fakes/kubeconfig-fixture.js';
import { startTencentFake } from '../../testing/fakes/tencent-fake.js';
import { expectRefusal } from '../../testing/fakes/vendor-assertions.js';
import type { RunningFake } from '../../testing/fakes/vendor-fake-server.js';
import { createTencentAdapter, signTencentRequest, type TencentCredentials } from './tencent.js';
import { tc3Authorization, tc3CredentialScope, tc3Signature } from './tencent/tc3-signature.js';
import type { ClusterConnection, ProviderContext } from './types.js';

const CANARY = 'canary-tencent-secret-c41d2';
const credentials: TencentCredentials = { secretId: 'AKIDFakeSecretId', secretKey: CANARY };
const spec = { region: 'ap-guangzhou', vendorClusterId: 'cls-abc123' };
const CA = fakePem('CERTIFICATE', 'tke-ca');
const CERT = fakePem('CERTIFICATE', 'tke-client');
const KEY = fakePem('RSA PRIVATE KEY', 'tke-key');
const tkeKubeconfig = kubeconfigYaml({
  server: 'https://198.51.100.7',
  certificateAuthorityData: CA,
  user: { 'client-certificate-data': CERT, 'client-key-data': KEY },
});

function start(kubeconfig = tkeKubeconfig): Promise<RunningFake> {
  return startTencentFake({ ...credentials, clusterId: spec.vendorClusterId, kubeconfig });
}

function context(fake: RunningFake, now = () => new Date()): ProviderContext {
  return { endpoints: { tencent: fake.url }, fetch, now };
}

interface TencentAnswer {
  Response: { Error?: { Code: string }; Kubeconfig?: string };
}

async function send(req: ReturnType<typeof signTencentRequest>): Promise<TencentAnswer> {
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  return (await res.json()) as TencentAnswer;
}

describe('ProviderTencent against the TKE fake', () => {
  const adapter = createTencentAdapter({ policy: {} });
  let fake: RunningFake;
  beforeEach(async () => {
    fake = await start();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('asks for the public endpoint and returns the cleaned connection', async () => {
    const connection = await adapter.connect(spec, credentials, context(fake));
    expect(connection).toEqual<ClusterConnection>({
      server: 'https://198.51.100.7',
      certificateAuthorityData: CA,
      auth: { clientCertificateData: CERT, clientKeyData: KEY },
    });
    const sent = fake.received[0];
    expect(JSON.parse(sent?.body ?? '')).toEqual({ ClusterId: 'cls-abc123', IsExtranet: true });
    expect(sent?.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(sent?.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDFakeSecretId\/\d{4}-\d{2}-\d{2}\/tke\/tc3_request, /,
    );
  });

  it('reports Tencent’s in-body errors without leaking the key', async () => {
    await expectRefusal(
      adapter.connect(spec, { ...credentials, secretKey: `${CANARY}x` }, context(fake)),
      /AuthFailure\.SignatureFailure/,
      [CANARY],
    );
    await expectRefusal(
      adapter.connect(spec, { ...credentials, secretId: 'AKIDother' }, context(fake)),
      /AuthFailure\.SecretIdNotFound/,
      [CANARY],
    );
    const stale = () => new Date(Date.now() - 10 * 60 * 1000);
    await expectRefusal(
      adapter.connect(spec, credentials, context(fake, stale)),
      /AuthFailure\.SignatureExpire/,
      [CANARY],
    );
    await expectRefusal(
      adapter.connect({ ...spec, vendorClusterId: 'cls-other' }, credentials, context(fake)),
      /ClusterNotFound/,
      [CANARY],
    );
  });

  it('fake rejects a tampered body, timestamp, action or signature', async () => {
    const ctx = context(fake);
    const body = signTencentRequest(spec, credentials, ctx);
    body.body = JSON.stringify({ ClusterId: 'cls-other', IsExtranet: true });
    expect((await send(body)).Response.Error?.Code).toBe('AuthFailure.SignatureFailure');

    const retimed = signTencentRequest(spec, credentials, ctx);
    retimed.headers['x-tc-timestamp'] = String(Number(retimed.headers['x-tc-timestamp']) + 1);
    expect((await send(retimed)).Response.Error?.Code).toBe('AuthFailure.SignatureFailure');

    const undated = signTencentRequest(spec, credentials, ctx);
    delete undated.headers['x-tc-timestamp'];
    expect((await send(undated)).Response.Error?.Code).toBe('MissingParameter');

    const flipped = signTencentRequest(spec, credentials, ctx);
    const signature = /Signature=([0-9a-f]+)$/.exec(flipped.headers.authorization ?? '')?.[1] ?? '';
    const other = signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    flipped.headers.authorization = (flipped.headers.authorization ?? '').replace(signature, other);
    expect((await send(flipped)).Response.Error?.Code).toBe('AuthFailure.SignatureFailure');

    const intact = signTencentRequest(spec, credentials, ctx);
    expect((await send(intact)).Response.Kubeconfig).toBe(tkeKubeconfig);
  });

  it('fake rejects a body without ClusterId', async () => {
    const req = signTencentRequest(spec, credentials, context(fake));
    // Re-sign an empty body properly, so only the missing field is wrong.
    req.body = '{}';
    const timestamp = Number(req.headers['x-tc-timestamp']);
    const names = ['content-type', 'host'];
    const headers = { 'content-type': req.headers['content-type'] ?? '', host: req.url.host };
    const signature = tc3Signature(
      { method: 'POST', query: '', headers, body: '{}' },
      names,
      CANARY,
      'tke',
      timestamp,
    );
    const scope = tc3CredentialScope(timestamp, 'tke');
    req.headers.authorization = tc3Authorization(credentials.secretId, scope, names, signature);
    expect((await send(req)).Response.Error?.Code).toBe('MissingParameter');
  });

  it('refuses a returned kubeconfig that runs an exec plugin', async () => {
    const hostile = kubeconfigYaml({
      server: 'https://198.51.100.7',
      certificateAuthorityData: CA,
      user: { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'tke-auth' } },
    });
    const hostileFake = await start(hostile);
    try {
      await expectRefusal(
        adapter.connect(spec, credentials, context(hostileFake)),
        /refused: user field "exec"/,
        [CANARY],
      );
    } finally {
      await hostileFake.close();
    }
  });
});
