// Labels and annotations of member-a objects through the API as the calling user: whole-map
// replacement with last-applied kept, workloads rolled out, Secret data never answered, and
// the label index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  locationOf,
  memberAllows,
  onMember,
  registerMember,
  region,
  unregisterMember,
} from '../support/members.js';

const suffix = `res${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const configMap = `cm-${suffix}`;
const secret = `secret-${suffix}`;
const deployment = `deploy-${suffix}`;
const secretValue = `topsecret-${suffix}`;
const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';
const where = { vendor: 'ProviderKubeconfig', region, cluster };
const at = locationOf(cluster);

const member = (args: string[], input?: string) => {
  const result = onMember('member-a', args, input);
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
};
const memberJson = <T>(args: string[]): T => JSON.parse(member([...args, '-o', 'json'])) as T;

interface Meta {
  metadata: {
    annotations?: Record<string, string>;
    labels?: Record<string, string>;
    managedFields?: unknown;
  };
}

let root: Session;

const call = <T = unknown>(method: string, service: string, path: string, body?: unknown) =>
  api<T>(method, service, path, { token: root.token, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'resources',
      contact: 'Ops',
      email: 'ops@resources.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  member(
    ['apply', '-f', '-'],
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: configMap, namespace: 'demo', annotations: { old: 'x' } },
          data: { key: 'value' },
        },
        {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: secret, namespace: 'demo' },
          stringData: { password: secretValue },
        },
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: deployment, namespace: 'demo' },
          spec: {
            replicas: 1,
            selector: { matchLabels: { app: deployment } },
            template: {
              metadata: { labels: { app: deployment } },
              spec: { containers: [{ name: 'app', image: 'registry.example/app:1' }] },
            },
          },
        },
      ],
    }),
  );
  await memberAllows('member-a', root.userName, 'patch', 'configmaps');
}, 120_000);

afterAll(async () => {
  onMember('member-a', [
    'delete',
    '-n',
    'demo',
    `configmap/${configMap}`,
    `secret/${secret}`,
    `deployment/${deployment}`,
    '--ignore-not-found',
    '--wait=false',
  ]);
  await unregisterMember(root, cluster, org);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('annotations and labels', () => {
  it('replaces the annotations of a config map, keeping last-applied', async () => {
    const before = memberJson<Meta>(['get', 'configmap', configMap, '-n', 'demo']);
    expect(before.metadata.annotations?.[lastApplied]).toBeDefined();
    const updated = expectOk(
      await call<Meta>('PUT', 'crd', `${at}/resources/annotations`, {
        ...where,
        type: 'configmaps',
        namespace: 'demo',
        name: configMap,
        annotations: { note: 'hello' },
      }),
    );
    expect(updated.metadata.managedFields).toBeUndefined();
    const after = memberJson<Meta>(['get', 'configmap', configMap, '-n', 'demo']);
    expect(after.metadata.annotations).toEqual({
      note: 'hello',
      [lastApplied]: before.metadata.annotations?.[lastApplied],
    });
  });

  it('replaces the labels of a config map, and the label index follows', async () => {
    expectOk(
      await call('PUT', 'crd', `${at}/resources/labels`, {
        ...where,
        type: 'configmaps',
        namespace: 'demo',
        name: configMap,
        labels: { [`mark-${suffix}`]: 'on', tier: 'data' },
      }),
    );
    const after = memberJson<Meta>(['get', 'configmap', configMap, '-n', 'demo']);
    expect(after.metadata.labels).toEqual({ [`mark-${suffix}`]: 'on', tier: 'data' });
    const detail = expectOk(
      await call<Meta>('GET', 'crd', `${at}/resources/configmaps/${configMap}?namespace=demo`),
    );
    expect(detail.metadata.labels).toEqual(after.metadata.labels);
    const labels = await eventually(
      async () =>
        expectOk(
          await call<{
            items: Array<{ key: string; values: Array<{ value: string; count: number }> }>;
          }>('GET', 'crd', `/labels?cluster=${cluster}&kind=configmaps&search=mark-${suffix}`),
        ).items,
      (items) => items.length > 0,
      10_000,
    );
    expect(labels).toEqual([{ key: `mark-${suffix}`, values: [{ value: 'on', count: 1 }] }]);
  }, 20_000);

  it('never answers the data of a Secret', async () => {
    const encoded = Buffer.from(secretValue).toString('base64');
    const detail = await call('GET', 'crd', `${at}/resources/secrets/${secret}?namespace=demo`);
    expect(detail.body.code).toBe(0);
    expect(detail.text).not.toContain(encoded);
    expect(detail.text).not.toContain(secretValue);
    expect(Object.keys(detail.body.data as object).sort()).toEqual([
      'apiVersion',
      'kind',
      'metadata',
    ]);
    const labelled = await call('PUT', 'crd', `${at}/resources/labels`, {
      ...where,
      type: 'secrets',
      namespace: 'demo',
      name: secret,
      labels: { kind: 'password' },
    });
    expect(labelled.body.code).toBe(0);
    expect(labelled.text).not.toContain(encoded);
    expect(memberJson<Meta>(['get', 'secret', secret, '-n', 'demo']).metadata.labels).toEqual({
      kind: 'password',
    });
  });

  it('rolls a deployment out when its annotations change', async () => {
    interface Deployment extends Meta {
      metadata: Meta['metadata'] & { generation: number };
      spec: { template: { metadata: { annotations?: Record<string, string> } } };
    }
    const before = memberJson<Deployment>(['get', 'deployment', deployment, '-n', 'demo']);
    expectOk(
      await call('PUT', 'crd', `${at}/resources/annotations`, {
        ...where,
        type: 'deployments',
        namespace: 'demo',
        name: deployment,
        annotations: { release: 'r2' },
      }),
    );
    const after = memberJson<Deployment>(['get', 'deployment', deployment, '-n', 'demo']);
    expect(after.metadata.annotations?.release).toBe('r2');
    expect(after.spec.template.metadata.annotations).toEqual({ release: 'r2' });
    expect(after.metadata.generation).toBeGreaterThan(before.metadata.generation);
  });
});
