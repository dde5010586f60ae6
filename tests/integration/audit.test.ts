// The audit trail as an operation log, against the operator under test at its default policy:
// the console's page loads leave no records while changes do (with their bodies and, for member
// calls, the cluster, namespace, kind and name), sign-ins and refusals are kept without bodies,
// an export round-trips, and a second operator with a small store prunes the oldest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecordViewSchema } from '@nimbus/api';
import type { AuditRecordView } from '@nimbus/api';
import { decodeCsv, decodeJsonLines } from '../../operator/src/audit/export-format.js';
import { api } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import {
  gitOpsUser,
  locationOf,
  memberAllows,
  onMember,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { freePort, operatorSh } from '../support/operator.js';

const suffix = `au${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const reader = `reader-${suffix}`;
const namespace = `audited-${suffix}`;

let root: Session;
let readerSession: Session;

interface AuditPage {
  items: AuditRecordView[];
  total: number;
}

async function records(query: string, baseUrl?: string, token = root.token) {
  const answer = await api<AuditPage>('GET', 'audit', `/records?pageSize=100&${query}`, {
    token,
    ...(baseUrl ? { baseUrl } : {}),
  });
  return expectOk(answer).items.map((item) => auditRecordViewSchema.parse(item));
}

/** Waits until a record matching `query` and `accept` is in (records are written off the path). */
async function recorded(
  query: string,
  accept: (record: AuditRecordView) => boolean = () => true,
): Promise<AuditRecordView> {
  const found = await eventually(
    () => records(query),
    (items) => items.some(accept),
  );
  const record = found.find(accept);
  if (!record) throw new Error(`no audit record for ${query}: ${JSON.stringify(found)}`);
  return record;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'audit',
      contact: 'Ops',
      email: 'ops@audit.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  await memberAllows('member-a', root.userName, 'create', 'namespaces');
  readerSession = await gitOpsUser(reader, org, []);
}, 120_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'namespace', namespace, '--ignore-not-found', '--wait=false']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(reader);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('the default audit policy', () => {
  it('records a session of page loads not at all, and a change with its body', async () => {
    // The GETs the console makes when its pages load (shell, home, settings, the audit page).
    const token = root.token;
    const loads: [string, string][] = [
      ['system', '/version'],
      ['system', '/configs'],
      ['iam', `/users/${root.userName}`],
      ['iam', `/user/${root.userId}/organizations`],
      ['manage', `/users/${root.userId}/collections`],
      ['manage', `/organizations/${org}/providers`],
      ['crd', '/clusters'],
      ['audit', '/records?pageSize=20'],
    ];
    for (const [service, path] of loads) expectOk(await api('GET', service, path, { token }));

    // Then a change; records are written in order, so once it is in, the loads would be too.
    const created = await api('POST', 'k8s', '/namespaces', {
      token,
      body: { vendor: 'ProviderKubeconfig', region, cluster, name: namespace },
    });
    expectOk(created);
    const creation = await recorded(`user=${root.userName}&method=POST&cluster=${cluster}`);
    expect(creation).toMatchObject({
      level: 'Request',
      operation: 'createNamespace',
      category: null,
      cluster,
      kind: 'namespaces',
      name: namespace,
      organization: org,
    });
    expect(JSON.parse(creation.requestBody)).toMatchObject({ name: namespace, cluster });

    expect(await records(`user=${root.userName}&method=GET`)).toEqual([]);
  });

  it('records a delete with its cluster, namespace, kind, name and body', async () => {
    expectOk(
      await api('DELETE', 'k8s', `${locationOf(cluster)}/namespaces/${namespace}`, {
        token: root.token,
      }),
    );
    const deletion = await recorded(
      `preset=changes&cluster=${cluster}&kind=namespaces&name=${namespace}&method=DELETE`,
    );
    expect(deletion).toMatchObject({
      userName: root.userName,
      httpStatus: 200,
      code: 0,
      operation: 'deleteNamespace',
    });

    // A delete that carries a body keeps it (redacted): unregistering the cluster.
    expectOk(
      await api('DELETE', 'manage', `/providers/ProviderKubeconfig/clusters/${cluster}`, {
        token: root.token,
        body: { organizationId: org },
      }),
    );
    const unregistered = await recorded(
      `cluster=${cluster}&kind=clusters&method=DELETE&user=${root.userName}`,
    );
    expect(unregistered).toMatchObject({
      level: 'Request',
      name: cluster,
      operation: 'deleteCluster',
    });
    expect(JSON.parse(unregistered.requestBody)).toEqual({ organizationId: org });
  });

  it('names IAM changes by operation and target, and files a dry run under checks', async () => {
    const group = `auditors-${suffix}`;
    expectOk(
      await root.call('POST', '/groups', {
        name: group,
        organizationId: org,
        description: 'audit',
        userIds: [],
        providers: [],
      }),
    );
    const created = await recorded(`operation=createGroup&user=${root.userName}`);
    expect(created).toMatchObject({
      cluster: null,
      kind: 'groups',
      name: group,
      organization: org,
    });

    const configMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `dry-${suffix}` },
      data: { a: '1' },
    };
    // A cluster of this test's own: the file's is unregistered by another test.
    const importer = `importer-${suffix}`;
    await registerMember(root, importer, org, 'member-a', { monitors: false, callerReady: true });
    try {
      const imports = `${locationOf(importer)}/namespaces/default/imports`;
      for (const dryRun of [true, false]) {
        const answer = await api('POST', 'k8s', imports, {
          token: root.token,
          body: { dryRun, documents: [configMap] },
        });
        expectOk(answer);
      }
      const check = await recorded(`preset=checks&operation=importYaml&cluster=${importer}`);
      expect(JSON.parse(check.requestBody)).toMatchObject({ dryRun: true });
      const change = await recorded(`preset=changes&operation=importYaml&cluster=${importer}`);
      expect(change.category).toBeNull();
      expect(JSON.parse(change.requestBody)).toMatchObject({ dryRun: false });
    } finally {
      onMember('member-a', ['delete', 'configmap', configMap.metadata.name, '-n', 'default']);
      await unregisterMember(root, importer, org);
    }

    // A connection test changes nothing, whatever it finds.
    const registry = `probe-${suffix}`;
    await api('POST', 'manage', '/registries/test', {
      token: root.token,
      body: { organizationId: org, name: registry, kind: 'Distribution', host: '127.0.0.1:1' },
    });
    const tested = await recorded(`preset=checks&operation=testRegistry&user=${root.userName}`);
    expect(tested).toMatchObject({ category: 'check', kind: 'registries', name: registry });
    expect(await records(`preset=changes&operation=testRegistry`)).toEqual([]);
  });

  it('records sign-ins and refusals (9997, 9998) with metadata only', async () => {
    const signIn = await recorded(`preset=signIns&user=${reader}`);
    expect(signIn).toMatchObject({
      level: 'Metadata',
      requestBody: '',
      code: 0,
      operation: 'login',
    });

    const refused = await api('GET', 'audit', '/records', { token: readerSession.token });
    expect(refused.body.code).toBe(9997);
    const refusal = await recorded(`preset=refusals&user=${reader}&resource=audit`);
    expect(refusal).toMatchObject({ level: 'Metadata', httpStatus: 403, code: 9997 });

    const marker = `probe-${suffix}`;
    const anonymous = await api('GET', 'iam', `/users?marker=${marker}`, { token: 'not-a-token' });
    expect(anonymous.body.code).toBe(9998);
    const badToken = await recorded('preset=refusals&user=-&resource=iam/users', (record) =>
      record.uri.includes(marker),
    );
    expect(badToken).toMatchObject({ level: 'Metadata', code: 9998, organization: null });
  });
});

describe('export', () => {
  it('round-trips as JSON lines and CSV: the same records the list shows', async () => {
    const query = `user=${root.userName}`;
    const listed = await records(query);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    for (const format of ['jsonl', 'csv'] as const) {
      const url = new URL(
        `/api/v1/audit.${testEnv.host}/records/export?${query}&format=${format}`,
        testEnv.operatorUrl,
      );
      const response = await fetch(url, { headers: { Authorization: `Bearer ${root.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain(`.${format}"`);
      const text = await response.text();
      const exported = format === 'csv' ? decodeCsv(text) : decodeJsonLines(text);
      // Records written since the list (e.g. the list call's neighbours) may lead; the rest match.
      expect(exported.slice(-listed.length).map((r) => auditRecordViewSchema.parse(r))).toEqual(
        listed,
      );
    }
  });

  it('refuses a caller who may not read the audit trail', async () => {
    const url = new URL(`/api/v1/audit.${testEnv.host}/records/export`, testEnv.operatorUrl);
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${readerSession.token}` },
    });
    expect(((await response.json()) as { code: number }).code).toBe(9997);
  });
});

describe('retention', () => {
  it('prunes the oldest records first when the store outgrows its size', async () => {
    const instance = { name: `audit-${suffix}`, port: await freePort() };
    const baseUrl = `http://127.0.0.1:${instance.port}`;
    await operatorSh('start', instance, {
      NIMBUS_AUDIT_MAX_BYTES: '128Ki',
      NIMBUS_AUDIT_PRUNE_INTERVAL: '1s',
    });
    try {
      const login = await api<{ token: string }>('POST', 'auth', '/login', {
        baseUrl,
        body: { userName: root.userName, password: `root${suffix}1` },
      });
      const token = expectOk(login).token;
      // 40 refused creations of ~8 KiB bodies each: recorded at Request level, far past 128 KiB.
      const sent = Array.from({ length: 40 }, (_, i) => `n${String(i).padStart(2, '0')}`);
      for (const marker of sent) {
        await api('POST', 'iam', '/organizations', {
          baseUrl,
          token,
          body: { name: '', marker, padding: 'x'.repeat(8_000) },
        });
      }
      const markersOf = (items: AuditRecordView[]) =>
        items
          .filter((item) => item.requestBody.includes('"marker"'))
          .map((item) => (JSON.parse(item.requestBody) as { marker: string }).marker)
          .sort();
      const kept = await eventually(
        async () => markersOf(await records('method=POST&resource=iam', baseUrl, token)),
        (markers) => markers.length > 0 && markers.length < sent.length && markers.includes('n39'),
      );
      // What is left is exactly the newest ones.
      expect(kept).toEqual(sent.slice(sent.length - kept.length));
    } finally {
      await operatorSh('stop', instance);
    }
  }, 120_000);
});
