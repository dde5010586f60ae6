import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHuaweiFake } from '../../testing/fakes/huawei-fake.js';
import { fakePem } from '../../testing/fakes/kubeconfig-fixture.js';
import { expectRefusal } from '../../testing/fakes/vendor-assertions.js';
import type { RunningFake } from '../../testing/fakes/vendor-fake-server.js';
import { externalKubeconfig } from './huawei/cluster-cert.js';
import { sdkDate } from './huawei/sdk-hmac-signature.js';
import { createHuaweiAdapter, signHuaweiRequest, type HuaweiCredentials } from './huawei.js';
import type { ClusterConnection, ProviderContext } from './types.js';

const CANARY = 'canary-huawei-secret-9be07';
const credentials: HuaweiCredentials = {
  accessKey: 'HPUAFAKEACCESSKEY',
  secretKey: CANARY,
  projectId: '0123456789abcdef0123456789abcdef',
};
const spec = { region: 'cn-north-4', vendorClusterId: '4b5e5f2a-1111-2222-3333-444455556666' };
const CA = fakePem('CERTIFICATE', 'cce-ca');
const CERT = fakePem('CERTIFICATE', 'cce-client');
const KEY = fakePem('RSA PRIVATE KEY', 'cce-key');

// The shape CCE answers with: one cluster entry per network, the external one without a CA.
function cceCertificate(user: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'Config',
    apiVersion: 'v1',
    preferences: {},
    clusters: [
      {
        name: 'internalCluster',
        cluster: { server: 'https://192.168.0.10:5443', 'certificate-authority-data': CA },
      },
      {
        name: 'externalCluster',
        cluster: { server: 'https://198.51.100.20:5443', 'insecure-skip-tls-verify': true },
      },
    ],
    users: [
      { name: 'user', user: { 'client-certificate-data': CERT, 'client-key-data': KEY, ...user } },
    ],
    contexts: [
      { name: 'internal', context: { cluster: 'internalCluster', user: 'user' } },
      { name: 'external', context: { cluster: 'externalCluster', user: 'user' } },
    ],
    'current-context': 'internal',
  };
}

function start(certificate: unknown = cceCertificate()): Promise<RunningFake> {
  return startHuaweiFake({ ...credentials, clusterId: spec.vendorClusterId, certificate });
}

function context(fake: RunningFake, now = () => new Date()): ProviderContext {
  return { endpoints: { huawei: fake.url }, fetch, now };
}

async function send(req: ReturnType<typeof signHuaweiRequest>) {
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('ProviderHuawei against the CCE fake', () => {
  const adapter = createHuaweiAdapter({ policy: {} });
  let fake: RunningFake;
  beforeEach(async () => {
    fake = await start();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('creates a one-day certificate and connects through the external endpoint', async () => {
    const now = new Date();
    const connection = await adapter.connect(
      spec,
      credentials,
      context(fake, () => now),
    );
    expect(connection).toEqual<ClusterConnection>({
      server: 'https://198.51.100.20:5443',
      certificateAuthorityData: CA,
      auth: { clientCertificateData: CERT, clientKeyData: KEY },
      expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    });
    const sent = fake.received[0];
    expect(sent?.path).toBe(
      `/api/v3/projects/${credentials.projectId}/clusters/${spec.vendorClusterId}/clustercert`,
    );
    expect(JSON.parse(sent?.body ?? '')).toEqual({ duration: 1 });
  });

  it('is refused by the gateway for a wrong secret, key or stale date, without leaking', async () => {
    await expectRefusal(
      adapter.connect(spec, { ...credentials, secretKey: `${CANARY}x` }, context(fake)),
      /APIGW\.0301 \(HTTP 401\)/,
      [CANARY],
    );
    await expectRefusal(
      adapter.connect(spec, { ...credentials, accessKey: 'OTHERKEY' }, context(fake)),
      /APIGW\.0301/,
      [CANARY],
    );
    const stale = () => new Date(Date.now() - 20 * 60 * 1000);
    await expectRefusal(adapter.connect(spec, credentials, context(fake, stale)), /APIGW\.0301/, [
      CANARY,
    ]);
    await expectRefusal(
      adapter.connect({ ...spec, vendorClusterId: 'other' }, credentials, context(fake)),
      /CCE\.01404001 \(HTTP 404\)/,
      [CANARY],
    );
  });

  it('fake rejects a tampered body or date and a missing X-Sdk-Date', async () => {
    const ctx = context(fake);
    const body = signHuaweiRequest(spec, credentials, ctx);
    body.body = JSON.stringify({ duration: 1827 });
    expect((await send(body)).body.error_msg).toMatch(/verify aksk signature fail/);

    const redated = signHuaweiRequest(spec, credentials, ctx);
    redated.headers['x-sdk-date'] = sdkDate(new Date(Date.now() + 2000));
    expect((await send(redated)).status).toBe(401);

    const undated = signHuaweiRequest(spec, credentials, ctx);
    delete undated.headers['x-sdk-date'];
    expect((await send(undated)).body.error_msg).toMatch(/x-sdk-date not found/);

    const intact = signHuaweiRequest(spec, credentials, ctx);
    expect((await send(intact)).status).toBe(201);
  });

  it('refuses an answer whose user runs an exec plugin', async () => {
    const hostile = await start(cceCertificate({ exec: { command: 'cce-auth' } }));
    try {
      await expectRefusal(
        adapter.connect(spec, credentials, context(hostile)),
        /refused: user field "exec"/,
        [CANARY],
      );
    } finally {
      await hostile.close();
    }
  });
});

describe('CCE certificate context selection', () => {
  it('prefers externalTLSVerify, keeping its own CA', () => {
    const answer = cceCertificate();
    (answer.clusters as unknown[]).push({
      name: 'externalClusterTLSVerify',
      cluster: { server: 'https://198.51.100.20:5443', 'certificate-authority-data': CA },
    });
    (answer.contexts as unknown[]).push({
      name: 'externalTLSVerify',
      context: { cluster: 'externalClusterTLSVerify', user: 'user' },
    });
    const result = externalKubeconfig(answer);
    expect(result.ok && JSON.parse(result.text)['current-context']).toBe('externalTLSVerify');
  });

  it('never keeps insecure-skip-tls-verify; without any CA the sanitizer will refuse it', () => {
    const answer = cceCertificate();
    const internal = (answer.clusters as { cluster: Record<string, unknown> }[])[0];
    if (internal) delete internal.cluster['certificate-authority-data'];
    const result = externalKubeconfig(answer);
    expect(result.ok && result.text).toContain('"insecure-skip-tls-verify":true');
    expect(externalKubeconfig({ clusters: 'nope' })).toEqual({
      ok: false,
      reason: 'the answer is not a kubeconfig',
    });
  });

  it('refuses, through the adapter, an answer with no CA anywhere', async () => {
    const answer = cceCertificate();
    const internal = (answer.clusters as { cluster: Record<string, unknown> }[])[0];
    if (internal) delete internal.cluster['certificate-authority-data'];
    const fake = await start(answer);
    try {
      await expectRefusal(
        createHuaweiAdapter({ policy: {} }).connect(spec, credentials, context(fake)),
        /disables TLS verification/,
        [CANARY],
      );
    } finally {
      await fake.close();
    }
  });
});
