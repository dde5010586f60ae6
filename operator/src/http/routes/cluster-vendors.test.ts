import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClusterConnector } from '../../clusters/connector.js';
import { ClusterFinalizations } from '../../clusters/lifecycle.js';
import { createProviderAdapters } from '../../clusters/providers/adapters.js';
import { createProviderRegistry } from '../../clusters/providers/registry.js';
import type { ProviderKind } from '../../clusters/providers/types.js';
import { createUser } from '../../identity/accounts.js';
import type { FakeApiServer, FakeApiServerOptions } from '../../testing/fake-apiserver.js';
import { startFakeApiServer, tokenKubeconfig } from '../../testing/fake-apiserver.js';
import { startAlibabaFake } from '../../testing/fakes/alibaba-fake.js';
import { startAwsFake } from '../../testing/fakes/aws-fake.js';
import { startGcpFake } from '../../testing/fakes/gcp-fake.js';
import { startHuaweiFake } from '../../testing/fakes/huawei-fake.js';
import { startTencentFake } from '../../testing/fakes/tencent-fake.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';
import { loopbackCaData, loopbackCertificate, loopbackKey } from '../../testing/loopback-tls.js';

/**
 * Registration through the routes for every cloud vendor, with the adapters wired exactly as the
 * operator wires them: each vendor fake checks the real signature scheme and hands back a loopback
 * API server, so a passing row means sign → vendor → sanitize → member call all line up.
 */
const manage = '/manage.nimbus.io';
const gitVersion = 'v1.36.3';
const memberToken = 'member-token-vendor-canary-5d21';
const tls = { cert: loopbackCertificate, key: loopbackKey };
const bearer = (authorization: string | undefined) =>
  /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const gcpKey = rsa();
const strangerKey = rsa();

interface Started {
  member: FakeApiServer;
  endpoints: Record<string, string>;
  close(): Promise<void>;
}

interface VendorCase {
  kind: ProviderKind;
  target: { region: string; vendorClusterId: string; vendorProjectId?: string };
  credentials: Record<string, string>;
  /** The same credentials with the secret swapped for one the vendor does not know. */
  wrong: Record<string, string>;
  /** How the vendor fake words its refusal of the wrong secret's signature. */
  refusal: RegExp;
  /** Values that must never be answered: the secrets of both credential sets. */
  canaries: string[];
  start(): Promise<Started>;
}

async function member(options: FakeApiServerOptions) {
  return startFakeApiServer({ gitVersion, nodes: 2, ...options });
}

const aws = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'canary-aws-secret-0c7e' };
const gcp = {
  type: 'service_account',
  client_email: 'nimbus@demo-project.iam.gserviceaccount.com',
  private_key: gcpKey.privateKey,
  private_key_id: 'key-1',
};
const alibaba = { accessKeyId: 'LTAI5tFakeAccessKey', accessKeySecret: 'canary-ali-secret-91b3' };
const tencent = { secretId: 'AKIDfakeSecretId0001', secretKey: 'canary-tencent-secret-2f8a' };
const huawei = {
  accessKey: 'HPUAFAKEACCESSKEY',
  secretKey: 'canary-huawei-secret-6d0e',
  projectId: '0123456789abcdef0123456789abcdef',
};
const keyLine = (pem: string) => pem.split('\n')[1] ?? pem;

const vendors: VendorCase[] = [
  {
    kind: 'ProviderAWS',
    target: { region: 'eu-west-1', vendorClusterId: 'prod' },
    credentials: aws,
    wrong: { ...aws, secretAccessKey: 'canary-aws-wrong-13aa' },
    refusal: /InvalidSignatureException/,
    canaries: [aws.secretAccessKey, 'canary-aws-wrong-13aa'],
    async start() {
      let verify = (_token: string) => Promise.resolve(false);
      const api = await member({ tls, authorize: (auth) => verify(bearer(auth)) });
      const fake = await startAwsFake({
        region: 'eu-west-1',
        identities: [aws],
        clusters: { prod: { endpoint: api.url, certificateAuthorityData: loopbackCaData } },
      });
      verify = async (token) => (await fake.verifyPresignedToken(token, 'prod')).ok;
      return { member: api, endpoints: { eks: fake.url, sts: fake.url }, close: fake.close };
    },
  },
  {
    kind: 'ProviderGCP',
    target: { region: 'europe-west1', vendorClusterId: 'prod', vendorProjectId: 'demo-project' },
    credentials: gcp,
    wrong: { ...gcp, private_key: strangerKey.privateKey },
    refusal: /Invalid JWT Signature/,
    canaries: [keyLine(gcpKey.privateKey), keyLine(strangerKey.privateKey)],
    async start() {
      let accepts = (_token: string) => false;
      const api = await member({ tls, authorize: (auth) => accepts(bearer(auth)) });
      const fake = await startGcpFake({
        serviceAccounts: [
          { clientEmail: gcp.client_email, publicKey: gcpKey.publicKey, privateKeyId: 'key-1' },
        ],
        clusters: {
          'projects/demo-project/locations/europe-west1/clusters/prod': {
            endpoint: api.host,
            clusterCaCertificate: loopbackCaData,
          },
        },
      });
      accepts = fake.accepts;
      const endpoints = { gke: fake.url, gcpToken: fake.tokenUrl };
      return { member: api, endpoints, close: fake.close };
    },
  },
  {
    kind: 'ProviderALiCloud',
    target: { region: 'cn-hangzhou', vendorClusterId: 'c0ffee12345' },
    credentials: alibaba,
    wrong: { ...alibaba, accessKeySecret: 'canary-ali-wrong-77c2' },
    refusal: /SignatureDoesNotMatch/,
    canaries: [alibaba.accessKeySecret, 'canary-ali-wrong-77c2', memberToken],
    async start() {
      const api = await member({ token: memberToken });
      const kubeconfig = tokenKubeconfig(api.url, memberToken);
      const fake = await startAlibabaFake({ ...alibaba, clusterId: 'c0ffee12345', kubeconfig });
      return { member: api, endpoints: { alibaba: fake.url }, close: fake.close };
    },
  },
  {
    kind: 'ProviderTencent',
    target: { region: 'ap-guangzhou', vendorClusterId: 'cls-abc12345' },
    credentials: tencent,
    wrong: { ...tencent, secretKey: 'canary-tencent-wrong-0e5b' },
    refusal: /AuthFailure\.SignatureFailure/,
    canaries: [tencent.secretKey, 'canary-tencent-wrong-0e5b', memberToken],
    async start() {
      const api = await member({ token: memberToken });
      const kubeconfig = tokenKubeconfig(api.url, memberToken);
      const fake = await startTencentFake({ ...tencent, clusterId: 'cls-abc12345', kubeconfig });
      return { member: api, endpoints: { tencent: fake.url }, close: fake.close };
    },
  },
  {
    kind: 'ProviderHuawei',
    target: { region: 'cn-north-4', vendorClusterId: '4b5e5f2a-1111-2222-3333-444455556666' },
    credentials: huawei,
    wrong: { ...huawei, secretKey: 'canary-huawei-wrong-a410' },
    refusal: /APIGW\.0301/,
    canaries: [huawei.secretKey, 'canary-huawei-wrong-a410', keyLine(loopbackKey)],
    async start() {
      // CCE hands out client certificates: the member only talks to one signed by its CA.
      const api = await member({
        tls: { ...tls, ca: loopbackCertificate, requestCert: true, rejectUnauthorized: true },
      });
      const certificate = {
        clusters: [
          {
            name: 'internalCluster',
            cluster: {
              server: 'https://192.168.0.10:5443',
              'certificate-authority-data': loopbackCaData,
            },
          },
          {
            name: 'externalCluster',
            cluster: { server: api.url, 'insecure-skip-tls-verify': true },
          },
        ],
        users: [
          {
            name: 'user',
            user: {
              'client-certificate-data': loopbackCaData,
              'client-key-data': Buffer.from(loopbackKey).toString('base64'),
            },
          },
        ],
        contexts: [
          { name: 'internal', context: { cluster: 'internalCluster', user: 'user' } },
          { name: 'external', context: { cluster: 'externalCluster', user: 'user' } },
        ],
        'current-context': 'internal',
      };
      const clusterId = '4b5e5f2a-1111-2222-3333-444455556666';
      const fake = await startHuaweiFake({ ...huawei, clusterId, certificate });
      return { member: api, endpoints: { huawei: fake.url }, close: fake.close };
    },
  },
];

let app: IdentityTestApp;
let acme = '';
let token = '';
const started: Started[] = [];
const answers: unknown[] = [];

async function call(method: string, path: string, payload: unknown) {
  const result = await app.call(method, path, { token, body: payload });
  answers.push(result.body);
  return result.body;
}

beforeAll(async () => {
  started.push(...(await Promise.all(vendors.map((vendor) => vendor.start()))));
  const endpoints = Object.assign({}, ...started.map((s) => s.endpoints)) as Record<string, string>;
  const policy = { allowHosts: started.map((s) => s.member.host) };
  app = await startIdentityApp({}, (store) => {
    const registry = createProviderRegistry(createProviderAdapters(policy));
    const connector = createClusterConnector(store, registry, {
      policy,
      timeoutMs: 3_000,
      endpoints,
    });
    return { store, registry, connector, finalizations: new ClusterFinalizations() };
  });
  const org = await app.store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  acme = org.metadata.uid;
  await createUser(app.services, {
    userName: 'ada',
    spec: { email: 'ada@example.com', organizations: [{ name: 'acme', admin: true }] },
    password: 'secret12',
  });
  const login = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName: 'ada', password: 'secret12' },
  });
  token = (login.body.data as { token: string }).token;
});

afterAll(async () => {
  await app.close();
  for (const s of started) {
    await s.close();
    await s.member.close();
  }
});

describe.each(vendors)('$kind registration through the routes', (vendor) => {
  const clusters = `${manage}/providers/${vendor.kind}/clusters`;
  const name = `vendor-${vendor.kind.slice('Provider'.length).toLowerCase()}`;
  const body = (credentials: Record<string, string>) => ({
    name,
    organizationId: acme,
    ...vendor.target,
    credentials,
  });

  it('creates the cluster and reaches the member the vendor hands back', async () => {
    const created = await call('POST', clusters, body(vendor.credentials));
    expect(created).toMatchObject({
      code: 0,
      data: { name, kind: vendor.kind, region: vendor.target.region, credentialsSet: true },
    });
    const tested = await call('POST', `${clusters}/${name}/test`, { organizationId: acme });
    expect(tested).toMatchObject({ code: 0, data: { kubernetesVersion: gitVersion } });
  });

  it('answers 2001 for a secret the vendor does not know, without quoting it', async () => {
    const answer = await call('POST', `${clusters}/${name}-draft/test`, body(vendor.wrong));
    expect(answer).toMatchObject({ code: 2001, message: expect.stringMatching(vendor.refusal) });
    for (const canary of vendor.canaries) {
      expect((answer as { message: string }).message).not.toContain(canary);
    }
  });

  it('never answers or logs the credentials', () => {
    const text = JSON.stringify(answers);
    for (const canary of vendor.canaries) {
      expect(text).not.toContain(canary);
      expect(app.logs.text()).not.toContain(canary);
    }
  });
});
