// The creation forms' calls and the ConfigMap/Secret calls against the test bed:
// each manifest is created as the calling user and read back with kubectl on the member; a
// read-only user is refused by the member's RBAC; Secret values are in no response and in no
// audit record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiResponse } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  atCluster,
  gitOpsUser,
  goneFromMember,
  memberAllows,
  onMember,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { auditRecordsSeenBy } from '../support/audit.js';

const suffix = `rf${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const ns = `rf-${suffix}`;
const readerName = `reader-${suffix}`;
const where = { vendor: 'ProviderKubeconfig', region, cluster };
const secretValue = `value-${suffix}-never-shown`;
const registryPassword = `pw-${suffix}-never-shown`;
const volumeName = `pv-${suffix}`;
const className = `sc-${suffix}`;

let root: Session;
let reader: Session;

const member = (args: string[]): string => {
  const result = onMember('member-a', args);
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
};
const memberJson = <T>(args: string[]): T => JSON.parse(member([...args, '-o', 'json'])) as T;
const inNs = <T>(kind: string, name: string): T => memberJson<T>(['get', kind, name, '-n', ns]);

/** A POST/PUT whose path names no cluster: the location travels in the body. */
const write = (session: Session, method: string, path: string, body: object) =>
  api(method, 'k8s', path, { token: session.token, body: { ...where, ...body } });
const at = (session: Session, method: string, rest: string) =>
  atCluster(session, 'k8s', method, cluster, `/namespaces/${ns}${rest}`);

interface KubeObject {
  metadata: { name: string; annotations?: Record<string, string> };
  type?: string;
  data?: Record<string, string>;
  spec?: Record<string, unknown>;
  provisioner?: string;
  volumeBindingMode?: string;
  reclaimPolicy?: string;
}
const decode = (text: string | undefined) => Buffer.from(text ?? '', 'base64').toString();

const auditRecords = (name: string) =>
  auditRecordsSeenBy(
    root.token,
    `cluster=${cluster}&name=${name}&method=POST&user=${root.userName}`,
  );

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'resource-forms',
      contact: 'Ops',
      email: 'ops@resource-forms.example',
    }),
  );
  member(['create', 'namespace', ns]);
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  expect(await memberAllows('member-a', root.userName, 'create', 'secrets')).toBe('yes');
  expect(await memberAllows('member-a', readerName, 'list', 'configmaps')).toBe('yes');
}, 120_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  onMember('member-a', ['delete', 'pv', volumeName, '--ignore-not-found', '--wait=false']);
  onMember('member-a', ['delete', 'storageclass', className, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(readerName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('config maps', () => {
  it('creates one from the full object; kubectl sees its data and mount settings', async () => {
    const created = await write(root, 'POST', `/namespaces/${ns}/configmaps`, {
      metadata: {
        name: 'app-config',
        annotations: { 'nimbus.io/mount-path': '/etc/app', 'nimbus.io/mount-mode': '0644' },
      },
      data: { 'app.yaml': 'port: 8080' },
    });
    expect(expectOk(created)).toMatchObject({ metadata: { name: 'app-config' } });
    const live = inNs<KubeObject>('configmap', 'app-config');
    expect(live.data).toEqual({ 'app.yaml': 'port: 8080' });
    expect(live.metadata.annotations).toMatchObject({ 'nimbus.io/mount-path': '/etc/app' });
  });

  it('answers a taken name with 1005 and its SPEC message', async () => {
    const again = await write(root, 'POST', `/namespaces/${ns}/configmaps`, {
      metadata: { name: 'app-config' },
    });
    expect(again.body).toMatchObject({
      code: 1005,
      message: 'app-config already existed, please change',
    });
  });

  it('lists keys, reads the data, replaces it and deletes', async () => {
    const list = expectOk(await at(root, 'GET', '/configmaps')) as {
      items: Array<{ metadata: { name: string }; keys: string[] }>;
    };
    expect(list.items.find((item) => item.metadata.name === 'app-config')?.keys).toEqual([
      'app.yaml',
    ]);
    const one = expectOk(await at(root, 'GET', '/configmaps/app-config')) as KubeObject;
    expect(one.data).toEqual({ 'app.yaml': 'port: 8080' });

    expectOk(
      await write(root, 'PUT', `/namespaces/${ns}/configmaps/app-config`, {
        metadata: { name: 'app-config' },
        data: { 'other.yaml': 'x: 1' },
      }),
    );
    expect(inNs<KubeObject>('configmap', 'app-config').data).toEqual({ 'other.yaml': 'x: 1' });

    expectOk(await at(root, 'DELETE', '/configmaps/app-config'));
    expect(await goneFromMember('member-a', 'configmap', 'app-config', ns)).toBe('');
  }, 40_000);
});

describe('secrets', () => {
  it('creates a generic secret; the answer, the list and the detail show keys only', async () => {
    const created = await write(root, 'POST', `/namespaces/${ns}/secrets`, {
      metadata: { name: 'db' },
      type: 'Opaque',
      stringData: { password: secretValue },
    });
    expect(expectOk(created)).toEqual(
      expect.objectContaining({ type: 'Opaque', keys: ['password'] }),
    );
    expect(decode(inNs<KubeObject>('secret', 'db').data?.password)).toBe(secretValue);

    const list = await at(root, 'GET', '/secrets');
    const detail = await at(root, 'GET', '/secrets/db');
    expect(expectOk(detail)).toMatchObject({ metadata: { name: 'db' }, keys: ['password'] });
    for (const answer of [created, list, detail]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(secretValue);
      expect(text).not.toContain(Buffer.from(secretValue).toString('base64'));
    }
  });

  it('keeps the value out of the audit record', async () => {
    const records = await eventually(
      () => auditRecords('db'),
      (items) => items.some((record) => record.kind === 'secrets'),
    );
    const record = records.find((item) => item.kind === 'secrets');
    expect(record?.requestBody).toContain('password');
    expect(JSON.stringify(record)).not.toContain(secretValue);
  });

  it('changes values write-only: sets, removes and keeps; no value answered or audited', async () => {
    const rotated = `rotated-${suffix}-never-shown`;
    const values = (session: Session, body: object) =>
      atCluster(session, 'k8s', 'PATCH', cluster, `/namespaces/${ns}/secrets/db/values`, {
        body,
      });
    const keysOf = (answer: ApiResponse<unknown>) =>
      [...(expectOk(answer) as { keys: string[] }).keys].sort();

    // A key no redaction rule names (unlike password or api-key): only its place hides its value.
    const set = await values(root, { set: { dsn: rotated } });
    expect(keysOf(set)).toEqual(['dsn', 'password']);
    expect(JSON.stringify(set.body)).not.toContain(rotated);
    const live = inNs<KubeObject>('secret', 'db');
    expect(decode(live.data?.dsn)).toBe(rotated);
    // The value the caller never read is kept as it was.
    expect(decode(live.data?.password)).toBe(secretValue);

    expect(keysOf(await values(root, { remove: ['dsn'] }))).toEqual(['password']);
    expect(decode(inNs<KubeObject>('secret', 'db').data?.password)).toBe(secretValue);
    expect((await values(root, {})).body.code).toBe(1000);
    expect((await values(reader, { set: { dsn: 'no' } })).body.code).toBe(9997);

    const records = await eventually(
      () =>
        auditRecordsSeenBy(
          root.token,
          `cluster=${cluster}&name=db&method=PATCH&user=${root.userName}`,
        ),
      (items) => items.length >= 2,
    );
    expect(JSON.stringify(records)).toContain('dsn');
    expect(JSON.stringify(records)).not.toContain(rotated);
  });

  it('creates a TLS secret and refuses one without its key', async () => {
    const missing = await write(root, 'POST', `/namespaces/${ns}/secrets`, {
      metadata: { name: 'web-tls' },
      type: 'kubernetes.io/tls',
      stringData: { 'tls.crt': 'CERT' },
    });
    expect(missing.body.code).toBe(1000);
    expectOk(
      await write(root, 'POST', `/namespaces/${ns}/secrets`, {
        metadata: { name: 'web-tls' },
        type: 'kubernetes.io/tls',
        stringData: { 'tls.crt': 'CERT', 'tls.key': 'KEY' },
      }),
    );
    expect(inNs<KubeObject>('secret', 'web-tls').type).toBe('kubernetes.io/tls');
  });

  it('creates an image-registry secret; the password is only in the member', async () => {
    const created = await write(root, 'POST', `/namespaces/${ns}/registry/secrets`, {
      name: 'pull',
      server: 'registry.example.com:5000',
      username: 'ci',
      password: registryPassword,
    });
    expect(expectOk(created)).toMatchObject({
      type: 'kubernetes.io/dockerconfigjson',
      keys: ['.dockerconfigjson'],
    });
    expect(JSON.stringify(created.body)).not.toContain(registryPassword);
    const live = inNs<KubeObject>('secret', 'pull');
    expect(live.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(decode(live.data?.['.dockerconfigjson'])) as {
      auths: Record<string, { username: string; password: string }>;
    };
    expect(config.auths['registry.example.com:5000']).toMatchObject({
      username: 'ci',
      password: registryPassword,
    });
    const records = await eventually(
      () => auditRecords('pull'),
      (items) => items.some((record) => record.kind === 'secrets'),
    );
    expect(records.find((record) => record.kind === 'secrets')?.requestBody).toContain(
      'registry.example.com:5000',
    );
    expect(JSON.stringify(records)).not.toContain(registryPassword);
  });
});

describe('the other creation forms', () => {
  it('creates a NodePort service that kubectl reads back', async () => {
    expectOk(
      await write(root, 'POST', `/namespaces/${ns}/services`, {
        name: 'web',
        type: 'NodePort',
        selector: { app: 'web' },
        ports: [{ name: 'http', port: 80, targetPort: 8080 }],
      }),
    );
    const live = inNs<{ spec: { type: string; selector: object; ports: Array<object> } }>(
      'service',
      'web',
    );
    expect(live.spec.type).toBe('NodePort');
    expect(live.spec.selector).toEqual({ app: 'web' });
    expect(live.spec.ports[0]).toMatchObject({ name: 'http', port: 80, targetPort: 8080 });
  });

  it('creates a service with "use ingress": the ingress routes to its first port', async () => {
    expectOk(
      await write(root, 'POST', `/namespaces/${ns}/services`, {
        name: 'api',
        selector: { app: 'api' },
        ports: [{ port: 8080, targetPort: 'http' }],
        ingress: { path: '/api' },
      }),
    );
    expect(inNs<KubeObject>('ingress', 'api').spec).toMatchObject({
      rules: [
        {
          http: {
            paths: [
              { path: '/api', backend: { service: { name: 'api', port: { number: 8080 } } } },
            ],
          },
        },
      ],
    });
  });

  it('creates an HTTPS ingress routing a sub path to the service', async () => {
    expectOk(
      await write(root, 'POST', `/namespaces/${ns}/ingresses`, {
        name: 'shop',
        https: true,
        tlsSecretName: 'web-tls',
        rules: [{ host: 'shop.example.com', path: '/shop', serviceName: 'web', servicePort: 80 }],
      }),
    );
    const live = inNs<KubeObject>('ingress', 'shop');
    expect(live.spec).toMatchObject({
      tls: [{ hosts: ['shop.example.com'], secretName: 'web-tls' }],
      rules: [
        {
          host: 'shop.example.com',
          http: {
            paths: [
              {
                path: '/shop',
                pathType: 'Prefix',
                backend: { service: { name: 'web', port: { number: 80 } } },
              },
            ],
          },
        },
      ],
    });
  });

  it('creates a storage class, an NFS volume and a claim bound by name', async () => {
    expectOk(
      await write(root, 'POST', '/storageclasses', {
        name: className,
        provisioner: 'example.com/nfs',
        reclaimPolicy: 'Retain',
        volumeBindingMode: 'WaitForFirstConsumer',
      }),
    );
    expect(memberJson<KubeObject>(['get', 'storageclass', className])).toMatchObject({
      provisioner: 'example.com/nfs',
      reclaimPolicy: 'Retain',
      volumeBindingMode: 'WaitForFirstConsumer',
    });
    expectOk(
      await write(root, 'POST', '/persistentvolumes', {
        name: volumeName,
        capacity: '5Gi',
        accessModes: ['ReadWriteMany'],
        storageClassName: className,
        readOnly: true,
        source: { kind: 'nfs', server: '10.0.0.5', path: '/exports/shop' },
      }),
    );
    expect(memberJson<KubeObject>(['get', 'pv', volumeName]).spec).toMatchObject({
      capacity: { storage: '5Gi' },
      accessModes: ['ReadWriteMany'],
      persistentVolumeReclaimPolicy: 'Retain',
      storageClassName: className,
      nfs: { server: '10.0.0.5', path: '/exports/shop', readOnly: true },
    });
    expectOk(
      await write(root, 'POST', `/namespaces/${ns}/persistentvolumeclaims`, {
        name: 'data',
        storage: '5Gi',
        accessModes: ['ReadWriteMany'],
        storageClassName: className,
        volumeName,
      }),
    );
    expect(inNs<KubeObject>('pvc', 'data').spec).toMatchObject({
      resources: { requests: { storage: '5Gi' } },
      volumeName,
      volumeMode: 'Filesystem',
    });
  });
});

describe('pod detail', () => {
  it("answers a pod's events, newest first", async () => {
    const event = (name: string, reason: string, at: string) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: ns },
      involvedObject: { kind: 'Pod', name: 'web-0', namespace: ns },
      reason,
      message: `${reason} web-0`,
      type: 'Normal',
      count: 1,
      firstTimestamp: at,
      lastTimestamp: at,
      source: { component: 'kubelet' },
    });
    const other = { ...event('other', 'Pulled', '2026-01-01T00:00:03Z') };
    other.involvedObject = { kind: 'Pod', name: 'web-1', namespace: ns };
    const applied = onMember(
      'member-a',
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          event('first', 'Scheduled', '2026-01-01T00:00:01Z'),
          event('second', 'Started', '2026-01-01T00:00:02Z'),
          other,
        ],
      }),
    );
    expect(applied.status).toBe(0);
    const answer = await atCluster<{ items: Array<{ reason: string }> }>(
      root,
      'crd',
      'GET',
      cluster,
      `/namespaces/${ns}/pods/web-0/events`,
    );
    expect(expectOk(answer).items.map((item) => item.reason)).toEqual(['Started', 'Scheduled']);
  });
});

describe('a read-only user', () => {
  it('reads config maps but the member refuses every write (9997)', async () => {
    expect((await at(reader, 'GET', '/configmaps')).body.code).toBe(0);
    const refused = [
      await write(reader, 'POST', `/namespaces/${ns}/configmaps`, { metadata: { name: 'no' } }),
      await write(reader, 'POST', `/namespaces/${ns}/secrets`, { metadata: { name: 'no' } }),
      await write(reader, 'POST', `/namespaces/${ns}/services`, {
        name: 'no',
        selector: { app: 'no' },
        ports: [{ port: 80, targetPort: 80 }],
      }),
      await write(reader, 'POST', '/storageclasses', { name: `no-${suffix}`, provisioner: 'x/y' }),
    ];
    expect(refused.map((answer) => answer.body.code)).toEqual([9997, 9997, 9997, 9997]);
    expect(onMember('member-a', ['get', 'configmap', 'no', '-n', ns]).status).not.toBe(0);
  });
});
