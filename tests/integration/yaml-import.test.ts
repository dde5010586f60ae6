// YAML import and "edit YAML" against the test bed: each document is applied as the calling user
// and read back with kubectl; a bad document keeps the good ones and is reported; a read-only user
// is refused by the member per document; an edit applies and a stale edit is refused; both are
// in the audit trail with their member target.
import type { ImportResult } from '@nimbus/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { auditRecordsSeenBy } from '../support/audit.js';

const suffix = `yi${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const ns = `yi-${suffix}`;
const other = `yi2-${suffix}`;
const readerName = `reader-${suffix}`;

let root: Session;
let reader: Session;

const kubectl = (args: string[]) => onMember('member-a', args);
const memberJson = <T>(args: string[]): T => {
  const result = kubectl([...args, '-o', 'json']);
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
};

const deployment = (name: string, withSelector = true) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: {
    replicas: 1,
    ...(withSelector ? { selector: { matchLabels: { app: name } } } : {}),
    template: {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: 'app', image: 'registry.example/app:1' }] },
    },
  },
});
const configMap = (name: string, data: Record<string, string>, namespace?: string) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...(namespace ? { namespace } : {}) },
  data,
});

const importAs = (session: Session, documents: unknown[], dryRun = false) =>
  atCluster<ImportResult>(session, 'k8s', 'POST', cluster, `/namespaces/${ns}/imports`, {
    body: { dryRun, documents },
  });
const outcomes = (result: ImportResult) =>
  result.items.map((item) => [item.kind, item.name, item.namespace, item.outcome]);

const auditRecords = (query: string) => auditRecordsSeenBy(root.token, query);

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'yaml-import',
      contact: 'Ops',
      email: 'ops@yaml-import.example',
    }),
  );
  kubectl(['create', 'namespace', ns]);
  kubectl(['create', 'namespace', other]);
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  expect(await memberAllows('member-a', root.userName, 'patch', 'deployments')).toBe('yes');
  expect(await memberAllows('member-a', readerName, 'get', 'configmaps')).toBe('yes');
}, 120_000);

afterAll(async () => {
  for (const name of [ns, other]) {
    kubectl(['delete', 'namespace', name, '--ignore-not-found', '--wait=false']);
  }
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(readerName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('import', () => {
  it('a dry run reports each document and creates nothing', async () => {
    const result = expectOk(
      await importAs(root, [deployment('web'), configMap('settings', { mode: 'a' })], true),
    );
    expect(result.dryRun).toBe(true);
    expect(outcomes(result)).toEqual([
      ['Deployment', 'web', ns, 'created'],
      ['ConfigMap', 'settings', ns, 'created'],
    ]);
    expect(kubectl(['get', 'deployment', 'web', '-n', ns]).status).not.toBe(0);
  });

  it('keeps the good documents when one is bad and reports the bad one', async () => {
    const result = expectOk(
      await importAs(root, [
        deployment('web'),
        deployment('broken', false),
        configMap('settings', { mode: 'a' }),
        configMap('elsewhere', { mode: 'b' }, other),
      ]),
    );
    expect(outcomes(result)).toEqual([
      ['Deployment', 'web', ns, 'created'],
      ['Deployment', 'broken', ns, 'failed'],
      ['ConfigMap', 'settings', ns, 'created'],
      ['ConfigMap', 'elsewhere', other, 'created'],
    ]);
    expect(result.items[1]?.message).toContain('selector');
    // Read back with kubectl: the good ones are there, the bad one is not.
    const web = memberJson<{ metadata: { managedFields: Array<{ manager: string }> } }>([
      'get',
      'deployment',
      'web',
      '-n',
      ns,
      '--show-managed-fields',
    ]);
    expect(web.metadata.managedFields.map((f) => f.manager)).toContain('nimbus-console');
    expect(memberJson<{ data: object }>(['get', 'configmap', 'settings', '-n', ns]).data).toEqual({
      mode: 'a',
    });
    expect(kubectl(['get', 'configmap', 'elsewhere', '-n', other]).status).toBe(0);
    expect(kubectl(['get', 'deployment', 'broken', '-n', ns]).status).not.toBe(0);
  });

  it('re-importing changed documents configures them', async () => {
    const result = expectOk(await importAs(root, [configMap('settings', { mode: 'c' })]));
    expect(outcomes(result)).toEqual([['ConfigMap', 'settings', ns, 'configured']]);
    expect(memberJson<{ data: object }>(['get', 'configmap', 'settings', '-n', ns]).data).toEqual({
      mode: 'c',
    });
  });

  it('a read-only user is refused by the member, document by document', async () => {
    const result = expectOk(
      await importAs(reader, [configMap('by-reader', { a: 'b' }), deployment('by-reader')]),
    );
    expect(result.items.map((i) => i.outcome)).toEqual(['failed', 'failed']);
    expect(result.items.map((i) => i.message)).toEqual([
      `cannot patch configmaps in namespace ${ns}`,
      `cannot patch deployments in namespace ${ns}`,
    ]);
    for (const item of result.items) expect(item.refusal?.reason).toContain('forbidden');
    expect(kubectl(['get', 'configmap', 'by-reader', '-n', ns]).status).not.toBe(0);
  });

  it('refuses a cluster-scoped kind that is not importable at the edge (1000)', async () => {
    const answer = await importAs(root, [
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: 'x' },
      },
    ]);
    expect(answer.body.code).toBe(1000);
  });

  it('is audited with its cluster and namespace', async () => {
    const query = `cluster=${cluster}&namespace=${ns}&method=POST&user=${root.userName}`;
    const records = await eventually(
      () => auditRecords(query),
      (items) => items.some((r) => r.kind === 'imports'),
    );
    expect(records.find((r) => r.kind === 'imports')).toMatchObject({ cluster, namespace: ns });
  });
});

describe('edit YAML', () => {
  interface Live {
    apiVersion: string;
    kind: string;
    metadata: { name: string; namespace: string; resourceVersion: string };
    data: Record<string, string>;
  }
  const edit = (session: Session, object: Live) =>
    atCluster<Live>(
      session,
      'k8s',
      'PUT',
      cluster,
      `/resources/configmaps/settings?namespace=${ns}`,
      {
        body: object,
      },
    );

  it('applies an edit as the caller and refuses a stale one (1005)', async () => {
    const read = expectOk(
      await atCluster<Live>(
        root,
        'crd',
        'GET',
        cluster,
        `/resources/configmaps/settings?namespace=${ns}`,
      ),
    );
    const edited = expectOk(await edit(root, { ...read, data: { mode: 'edited' } }));
    expect(edited.data).toEqual({ mode: 'edited' });
    expect(memberJson<{ data: object }>(['get', 'configmap', 'settings', '-n', ns]).data).toEqual({
      mode: 'edited',
    });
    // Sent again with the version first read: someone (this test) changed it since.
    const stale = await edit(root, { ...read, data: { mode: 'stale' } });
    expect(stale.body.code).toBe(1005);
    expect(memberJson<{ data: object }>(['get', 'configmap', 'settings', '-n', ns]).data).toEqual({
      mode: 'edited',
    });
    const records = await eventually(
      () => auditRecords(`cluster=${cluster}&name=settings&method=PUT&user=${root.userName}`),
      (items) => items.length >= 2,
    );
    expect(records.map((r) => r.code).sort()).toEqual([0, 1005]);
  });

  it('a read-only user cannot edit (9997 from the member)', async () => {
    const read = expectOk(
      await atCluster<Live>(
        reader,
        'crd',
        'GET',
        cluster,
        `/resources/configmaps/settings?namespace=${ns}`,
      ),
    );
    const refused = await edit(reader, { ...read, data: { mode: 'reader' } });
    expect(refused.body.code).toBe(9997);
  });
});
