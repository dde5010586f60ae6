// The application lifecycle against the test bed: scale, restart, hotfix, rollback, CronJob
// suspend/resume and run now, delete, and the detail reads, each as the calling user and
// observed with kubectl on the member; a read-only user is refused by the member's RBAC; every
// change is in the audit trail with its member target.
import type { AuditRecordView } from '@nimbus/api';
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
  goneFromMember,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { auditRecordsSeenBy } from '../support/audit.js';

const suffix = `wo${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const ns = `wo-${suffix}`;
const readerName = `reader-${suffix}`;
const restartedAt = 'kubectl.kubernetes.io/restartedAt';

let root: Session;
let reader: Session;

const member = (args: string[], input?: string): string => {
  const result = onMember('member-a', args, input);
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
};
const memberJson = <T>(args: string[]): T =>
  JSON.parse(member([...args, '-n', ns, '-o', 'json'])) as T;

interface Template {
  metadata?: { annotations?: Record<string, string> };
  spec: {
    containers: Array<{
      name: string;
      image: string;
      env?: Array<{ name: string; value?: string }>;
    }>;
  };
}
interface MemberWorkload {
  metadata: { uid: string };
  spec: { replicas?: number; suspend?: boolean; template: Template };
}

const templateOf = (kind: string, name: string): Template =>
  memberJson<MemberWorkload>(['get', kind, name]).spec.template;

const app = (name: string) => ({
  selector: { matchLabels: { app: name } },
  template: {
    metadata: { labels: { app: name } },
    spec: { containers: [{ name: 'app', image: 'registry.example/app:1' }] },
  },
});

const at = (kind: string, name: string) => `/namespaces/${ns}/${kind}/${name}`;
const change = <T = unknown>(session: Session, method: string, rest: string, body?: unknown) =>
  atCluster<T>(session, 'k8s', method, cluster, rest, body === undefined ? {} : { body });
const read = <T>(session: Session, rest: string) =>
  atCluster<T>(session, 'crd', 'GET', cluster, rest);

const auditRecords = (query: string) => auditRecordsSeenBy(root.token, query);

/** The change's audit record: user, cluster, namespace, kind (with subresource) and name. */
async function expectAudited(method: string, kind: string, name: string): Promise<AuditRecordView> {
  const query = `cluster=${cluster}&namespace=${ns}&name=${name}&method=${method}&user=${root.userName}`;
  const found = await eventually(
    () => auditRecords(query),
    (items) => items.some((r) => r.kind === kind),
  );
  const record = found.find((r) => r.kind === kind);
  expect(record).toMatchObject({ cluster, namespace: ns, kind, name, code: 0 });
  if (!record) throw new Error(`no ${kind} record`);
  return record;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'workload-ops',
      contact: 'Ops',
      email: 'ops@workload-ops.example',
    }),
  );
  member(['create', 'namespace', ns]);
  member(
    ['apply', '-n', ns, '-f', '-'],
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { replicas: 1, ...app('web') },
        },
        {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { name: 'db' },
          spec: { replicas: 1, serviceName: 'db', ...app('db') },
        },
        {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: 'web' },
          spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] },
        },
        {
          apiVersion: 'batch/v1',
          kind: 'CronJob',
          metadata: { name: 'nightly' },
          spec: {
            schedule: '0 2 * * *',
            jobTemplate: {
              spec: {
                template: {
                  spec: {
                    restartPolicy: 'Never',
                    containers: [{ name: 'app', image: 'registry.example/job:1' }],
                  },
                },
              },
            },
          },
        },
      ],
    }),
  );
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  expect(await memberAllows('member-a', root.userName, 'patch', 'deployments')).toBe('yes');
  expect(await memberAllows('member-a', readerName, 'get', 'deployments')).toBe('yes');
}, 120_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(readerName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

interface Revision {
  revision: number;
  current: boolean;
  images: string[];
}
const revisions = (kind: string, name: string) =>
  read<{ items: Revision[] }>(root, `${at(kind, name)}/revisions`);

describe('scale, restart, hotfix and rollback of a Deployment', () => {
  it('scales through the scale subresource; kubectl sees 3 replicas', async () => {
    const { body } = await change(root, 'PUT', `${at('deployments', 'web')}/scale`, {
      replicas: 3,
    });
    expect(body.code).toBe(0);
    expect(memberJson<MemberWorkload>(['get', 'deployment', 'web']).spec.replicas).toBe(3);
    await expectAudited('PUT', 'deployments/scale', 'web');
  });

  it('refuses a replica count out of range or a kind without scale (1000)', async () => {
    const tooMany = await change(root, 'PUT', `${at('deployments', 'web')}/scale`, {
      replicas: 1001,
    });
    expect(tooMany.body.code).toBe(1000);
    const daemon = await change(root, 'PUT', `${at('daemonsets', 'web')}/scale`, { replicas: 1 });
    expect(daemon.body.code).toBe(1000);
  });

  it('restarts with the restartedAt template annotation', async () => {
    const { body } = await change(root, 'POST', `${at('deployments', 'web')}/restart`);
    expect(body.code).toBe(0);
    const stamp = templateOf('deployment', 'web').metadata?.annotations?.[restartedAt];
    expect(Date.parse(stamp ?? '')).toBeGreaterThan(Date.now() - 120_000);
    await expectAudited('POST', 'deployments/restart', 'web');
  });

  it("hotfixes one container's image and env in place", async () => {
    const { body } = await change<{ metadata: object }>(
      root,
      'PATCH',
      `${at('deployments', 'web')}/hotfix`,
      {
        container: 'app',
        image: 'registry.example/app:2',
        env: [{ name: 'MODE', value: ' fast ' }],
      },
    );
    expect(body.code).toBe(0);
    // Answered as the detail read answers objects: no managedFields.
    expect(body.data.metadata).not.toHaveProperty('managedFields');
    const [container] = templateOf('deployment', 'web').spec.containers;
    expect(container).toMatchObject({
      image: 'registry.example/app:2',
      env: [{ name: 'MODE', value: 'fast' }],
    });
    const record = await expectAudited('PATCH', 'deployments/hotfix', 'web');
    // Env values may be credentials: the record keeps the name, not the value.
    expect(record.requestBody).toContain('MODE');
    expect(record.requestBody).not.toContain('fast');
  });

  it('refuses an image that is not host/image:tag and a container that is not there', async () => {
    const bad = await change(root, 'PATCH', `${at('deployments', 'web')}/hotfix`, {
      container: 'app',
      image: 'nginx',
    });
    expect(bad.body.code).toBe(1000);
    const missing = await change(root, 'PATCH', `${at('deployments', 'web')}/hotfix`, {
      container: 'sidecar',
      image: 'registry.example/x:1',
    });
    expect(missing.body.code).toBe(1000);
  });

  it('lists revisions newest first and rolls back to the first; kubectl sees its template', async () => {
    const listed = await eventually(
      () => revisions('deployments', 'web'),
      (r) => r.body.data?.items.length === 3,
    );
    expect(listed.body.data.items.map((r) => [r.revision, r.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(listed.body.data.items[2]?.images).toEqual(['registry.example/app:1']);
    const { body } = await change(root, 'POST', `${at('deployments', 'web')}/rollback`, {
      revision: 1,
    });
    expect(body.code).toBe(0);
    // Read at once: the controller renumbers the first ReplicaSet and the Deployment's revision
    // annotation after this answer, but the revision whose template the Deployment now has is
    // the current one already (the API server's templates compare equal, hash label aside).
    const afterRollback = await revisions('deployments', 'web');
    const current = afterRollback.body.data.items.filter((r) => r.current);
    expect(current.map((r) => r.images)).toEqual([['registry.example/app:1']]);
    const template = templateOf('deployment', 'web');
    expect(template.spec.containers[0]?.image).toBe('registry.example/app:1');
    expect(template.spec.containers[0]?.env).toBeUndefined();
    expect(template.metadata?.annotations?.[restartedAt]).toBeUndefined();
    await expectAudited('POST', 'deployments/rollback', 'web');
    const missing = await change(root, 'POST', `${at('deployments', 'web')}/rollback`, {
      revision: 99,
    });
    expect(missing.body.code).toBe(1004);
  });
});

describe('rollback of a StatefulSet', () => {
  it('applies the controller revision; kubectl sees the old image', async () => {
    expectOk(
      await change(root, 'PATCH', `${at('statefulsets', 'db')}/hotfix`, {
        container: 'app',
        image: 'registry.example/app:5',
      }),
    );
    const listed = await eventually(
      () => revisions('statefulsets', 'db'),
      (r) => r.body.data?.items.length === 2,
    );
    expect(listed.body.data.items.map((r) => r.revision)).toEqual([2, 1]);
    expectOk(await change(root, 'POST', `${at('statefulsets', 'db')}/rollback`, { revision: 1 }));
    expect(templateOf('statefulset', 'db').spec.containers[0]?.image).toBe(
      'registry.example/app:1',
    );
  });
});

describe('detail sections', () => {
  it("lists the Deployment's pods, its events and the Services that select it", async () => {
    const pods = await eventually(
      () => read<{ items: Array<{ name: string }> }>(root, `${at('deployments', 'web')}/pods`),
      (r) => (r.body.data?.items.length ?? 0) >= 1,
    );
    expect(pods.body.data.items.every((p) => p.name.startsWith('web-'))).toBe(true);
    const events = await eventually(
      () => read<{ items: Array<{ reason: string }> }>(root, `${at('deployments', 'web')}/events`),
      (r) => r.body.data?.items.some((e) => e.reason === 'ScalingReplicaSet') ?? false,
    );
    expect(events.body.code).toBe(0);
    // Rows of the Service list's columns, filled from the live Service.
    const services = await read<{ items: unknown[] }>(root, `${at('deployments', 'web')}/services`);
    expect(services.body.data.items).toEqual([
      {
        name: 'web',
        namespace: ns,
        createdAt: expect.any(String),
        cells: { serviceType: 'ClusterIP', clusterIP: expect.any(String), ports: '80→8080/TCP' },
      },
    ]);
  });
});

describe('CronJob', () => {
  it('suspends and resumes; kubectl sees spec.suspend', async () => {
    expectOk(await change(root, 'PUT', `${at('cronjobs', 'nightly')}/suspend`, { suspend: true }));
    expect(memberJson<MemberWorkload>(['get', 'cronjob', 'nightly']).spec.suspend).toBe(true);
    await expectAudited('PUT', 'cronjobs/suspend', 'nightly');
    expectOk(await change(root, 'PUT', `${at('cronjobs', 'nightly')}/suspend`, { suspend: false }));
    expect(memberJson<MemberWorkload>(['get', 'cronjob', 'nightly']).spec.suspend).toBe(false);
  });

  it('runs now: a Job owned by the CronJob, from its template', async () => {
    const { body } = await change<{ metadata: { name: string } }>(
      root,
      'POST',
      `${at('cronjobs', 'nightly')}/run`,
    );
    expect(body.code).toBe(0);
    const job = memberJson<{
      metadata: { ownerReferences: Array<{ kind: string; name: string; uid: string }> };
      spec: { template: Template };
    }>(['get', 'job', body.data.metadata.name]);
    const cronJob = memberJson<MemberWorkload>(['get', 'cronjob', 'nightly']);
    expect(job.metadata.ownerReferences).toMatchObject([
      { kind: 'CronJob', name: 'nightly', uid: cronJob.metadata.uid },
    ]);
    expect(job.spec.template.spec.containers[0]?.image).toBe('registry.example/job:1');
    await expectAudited('POST', 'cronjobs/run', 'nightly');
  });
});

describe('a read-only user', () => {
  it('reads the detail sections but is refused every change by the member (9997)', async () => {
    expect((await read(reader, `${at('deployments', 'web')}/pods`)).body.code).toBe(0);
    const refused = [
      await change(reader, 'PUT', `${at('deployments', 'web')}/scale`, { replicas: 0 }),
      await change(reader, 'POST', `${at('deployments', 'web')}/restart`),
      await change(reader, 'PATCH', `${at('deployments', 'web')}/hotfix`, {
        container: 'app',
        image: 'registry.example/app:9',
      }),
      await change(reader, 'POST', `${at('deployments', 'web')}/rollback`, { revision: 2 }),
      await change(reader, 'PUT', `${at('cronjobs', 'nightly')}/suspend`, { suspend: true }),
      await change(reader, 'POST', `${at('cronjobs', 'nightly')}/run`),
      await change(reader, 'DELETE', at('deployments', 'web')),
    ];
    expect(refused.map((r) => r.body.code)).toEqual(Array(refused.length).fill(9997));
    expect(memberJson<MemberWorkload>(['get', 'deployment', 'web']).spec.replicas).toBe(3);
    expect(memberJson<MemberWorkload>(['get', 'cronjob', 'nightly']).spec.suspend).toBe(false);
  });
});

describe('delete', () => {
  it('deletes the Deployment; kubectl no longer finds it', async () => {
    expectOk(await change(root, 'DELETE', at('deployments', 'web')));
    expect(await goneFromMember('member-a', 'deployment', 'web', ns)).toBe('');
    await expectAudited('DELETE', 'deployments', 'web');
  });
});
