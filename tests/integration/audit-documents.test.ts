// Issue 25, item 5: fields that carry a YAML or JSON document in one string — Helm values, the
// data of an imported ConfigMap — are redacted inside by key, at any depth, before the audit
// record is kept: nested passwords and API keys are in neither the audit API's answer, the
// replica's store file nor the operator's log.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AuditRecordView } from '@nimbus/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { auditRecordsSeenBy } from '../support/audit.js';
import {
  applyChartSource,
  configMapTemplate,
  pushCharts,
  untilChartSourceSeen,
} from '../support/charts.js';
import { testEnv } from '../support/env.js';
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
  memberAllows,
  onMember,
  registerMember,
  unregisterMember,
} from '../support/members.js';

const s = `ad${Date.now().toString(36)}`;
const org = `org-${s}`;
const cluster = `member-a-${s}`;
const ns = `ad-${s}`;
const source = `src-${s}`;
const prefix = `charts-${s}`;
const password = `pw-canary-${s}`;
const apiKey = `key-canary-${s}`;
const importedPassword = `import-canary-${s}`;
const canaries = [password, apiKey, importedPassword];

let root: Session;

const values = [
  'mode: audited',
  'database:',
  '  auth:',
  `    password: ${password}`,
  '  replicas: 1',
  'integrations:',
  '  - name: pager',
  `    apiKey: ${apiKey}`,
  '',
].join('\n');

/** The one record of `method` calls on `kind` at the cluster, once the writer has stored it. */
async function recordOf(method: string, kind: string): Promise<AuditRecordView> {
  const query = `cluster=${cluster}&method=${method}&kind=${kind}`;
  const records = await eventually(
    () => auditRecordsSeenBy(root.token, query),
    (items) => items.length > 0,
  );
  const [record] = records;
  if (!record) throw new Error(`no audit record for ${query}`);
  return record;
}

/** Every file of the operator's audit store (the database and its write-ahead log). */
function storeFiles(): string[] {
  const data = join(dirname(testEnv.operatorLog), 'data');
  return ['audit.sqlite', 'audit.sqlite-wal']
    .map((file) => join(data, file))
    .filter((file) => existsSync(file));
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'audit-documents',
      contact: 'Ops',
      email: 'ops@audit-documents.example',
    }),
  );
  onMember('member-a', ['create', 'namespace', ns]);
  await registerMember(root, cluster, org, 'member-a', { monitors: false, callerReady: true });
  await memberAllows('member-a', root.userName, 'create', 'configmaps', 'yes', 60_000);
  pushCharts(prefix, [
    { name: 'settings', version: '0.1.0', templates: { 'configmap.yaml': configMapTemplate } },
  ]);
  applyChartSource(source, org, prefix);
  await untilChartSourceSeen(root, org, source);
}, 180_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'chartsources.nimbus.io', source, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
}, 120_000);

describe('the audit record of a call carrying a document in a string', () => {
  it('keeps Helm values with their nested password and API key redacted', async () => {
    const installed = await eventually(
      () =>
        atCluster(root, 'appstore', 'POST', cluster, `/namespaces/${ns}/releases`, {
          body: { release: 'audited', source, chart: 'settings', version: '0.1.0', values },
        }),
      // The source's chart list is read by its controller first; until then the chart is unknown.
      (answer) => answer.body.code === 0,
      60_000,
    );
    expectOk(installed);
    expect(onMember('member-a', ['get', 'configmap', 'audited-settings', '-n', ns]).status).toBe(0);

    const record = await recordOf('POST', 'releases');
    const body = JSON.parse(record.requestBody) as { values: string };
    expect(parse(body.values)).toEqual({
      mode: 'audited',
      database: { auth: { password: '[REDACTED]' }, replicas: 1 },
      integrations: [{ name: 'pager', apiKey: '[REDACTED]' }],
    });
    expect(JSON.stringify(record)).not.toContain(password);
    expect(JSON.stringify(record)).not.toContain(apiKey);
  }, 120_000);

  it('keeps an imported ConfigMap whose data is YAML with the password redacted', async () => {
    const imported = await atCluster(root, 'k8s', 'POST', cluster, `/namespaces/${ns}/imports`, {
      body: {
        dryRun: true,
        documents: [
          {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: 'app-settings' },
            data: { 'application.yaml': `db:\n  url: db:5432\n  password: ${importedPassword}\n` },
          },
        ],
      },
    });
    expectOk(imported);
    const record = await recordOf('POST', 'imports');
    const body = JSON.parse(record.requestBody) as {
      documents: Array<{ data: Record<string, string> }>;
    };
    expect(parse(body.documents[0]?.data['application.yaml'] ?? '')).toEqual({
      db: { url: 'db:5432', password: '[REDACTED]' },
    });
    expect(JSON.stringify(record)).not.toContain(importedPassword);
  });

  it('leaves none of the secrets in the store files or the log', () => {
    const files = storeFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of [...files, testEnv.operatorLog]) {
      const content = readFileSync(file).toString('latin1');
      for (const canary of canaries) {
        expect(content.includes(canary), `${file} holds ${canary}`).toBe(false);
      }
    }
  });
});
