// Namespaces in member-a through the API as the calling user: create with quota and limit
// range, change both, detail, live and indexed lists, all-or-nothing creation, delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  gitOpsUser,
  locationOf,
  memberAllows,
  onMember,
  registerMember,
  region,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `ns${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const limited = `nsonly-${suffix}`;
const name = `shop-${suffix}`;
const where = { vendor: 'ProviderKubeconfig', region, cluster };
const at = locationOf(cluster);
const member = (args: string[]) => onMember('member-a', args);
const namespaceGone = async (ns: string): Promise<boolean> =>
  eventually(
    () => member(['get', 'namespace', ns, '--ignore-not-found', '-o', 'name']).stdout.trim(),
    (out) => out === '',
    30_000,
  ).then((out) => out === '');

interface KubeList<T> {
  items: T[];
}
interface Limits {
  type: string;
  max?: Record<string, string>;
  min?: Record<string, string>;
  default?: Record<string, string>;
  defaultRequest?: Record<string, string>;
}
interface QuotaOrLimits {
  kind: string;
  metadata: { name: string };
  spec: { hard?: Record<string, string>; limits?: Limits[] };
}

let root: Session;

const call = <T = unknown>(
  method: string,
  service: string,
  path: string,
  body?: unknown,
  token = root.token,
) => api<T>(method, service, path, { token, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'namespaces',
      contact: 'Ops',
      email: 'ops@namespaces.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  // System admins hold owner in the member once the projection has run.
  await memberAllows('member-a', root.userName, 'create', 'namespaces');
  // The index follows the member before the 2-second check below starts counting.
  await eventually(
    async () =>
      (await call<KubeList<unknown>>('GET', 'crd', `/namespaces?cluster=${cluster}&name=demo`)).body
        .data?.items.length ?? 0,
    (count) => count > 0,
    40_000,
  );
}, 120_000);

afterAll(async () => {
  member(['delete', 'namespace', name, `refused-${suffix}`, '--ignore-not-found', '--wait=false']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(limited);
  hub(['delete', 'roles.nimbus.io', limited, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('namespaces in member-a', () => {
  it('creates a namespace with quota and limit range that kubectl sees', async () => {
    const created = await call('POST', 'k8s', '/namespaces', {
      ...where,
      name,
      labels: { team: 'shop' },
      resourceQuota: { cpu: '4', memory: '8Gi' },
      limitRange: {
        pod: { max: { cpu: '2', memory: '4Gi' } },
        container: {
          max: { cpu: '1', memory: '2Gi' },
          min: { cpu: '10m', memory: '16Mi' },
          default: { cpu: '500m', memory: '512Mi' },
          defaultRequest: { cpu: '100m', memory: '128Mi' },
        },
      },
    });
    const detail = expectOk(created) as {
      namespace: { name: string; labels: Record<string, string> };
    };
    expect(detail.namespace).toMatchObject({ name, labels: { team: 'shop' } });
    const live = JSON.parse(
      member(['get', 'resourcequota,limitrange', '-n', name, '-o', 'json']).stdout,
    ) as KubeList<QuotaOrLimits>;
    const quota = live.items.find((item) => item.kind === 'ResourceQuota');
    const limits = live.items.find((item) => item.kind === 'LimitRange');
    expect(quota?.metadata.name).toBe('nimbus-quota');
    expect(quota?.spec.hard).toEqual({ 'limits.cpu': '4', 'limits.memory': '8Gi' });
    expect(limits?.metadata.name).toBe('nimbus-limits');
    expect(limits?.spec.limits?.find((l) => l.type === 'Pod')?.max).toEqual({
      cpu: '2',
      memory: '4Gi',
    });
    expect(limits?.spec.limits?.find((l) => l.type === 'Container')).toMatchObject({
      default: { cpu: '500m', memory: '512Mi' },
      defaultRequest: { cpu: '100m', memory: '128Mi' },
    });
  }, 30_000);

  it('shows the namespace in the index within 2 seconds and in the live list', async () => {
    const listed = await eventually(
      async () =>
        expectOk(
          await call<KubeList<{ metadata: { name: string } }>>(
            'GET',
            'crd',
            `/namespaces?cluster=${cluster}&name=${name}`,
          ),
        ).items,
      (items) => items.some((item) => item.metadata.name === name),
      10_000,
    );
    expect(listed.map((item) => item.metadata.name)).toContain(name);
    const live = expectOk(
      await call<KubeList<{ metadata: { name: string }; status: { phase: string } }>>(
        'GET',
        'k8s',
        `${at}/namespaces`,
      ),
    );
    expect(live.items.find((item) => item.metadata.name === name)?.status.phase).toBe('Active');
  }, 20_000);

  it('replaces the quota and limit range specs', async () => {
    expectOk(
      await call('PUT', 'k8s', `/namespaces/${name}/resourcequotas/nimbus-quota`, {
        ...where,
        metadata: { name: 'nimbus-quota', namespace: name },
        spec: { hard: { 'limits.cpu': '6', 'limits.memory': '12Gi' } },
      }),
    );
    expectOk(
      await call('PUT', 'k8s', `/namespaces/${name}/limitranges/nimbus-limits`, {
        ...where,
        metadata: { name: 'nimbus-limits', namespace: name },
        spec: { limits: [{ type: 'Container', max: { cpu: '2' }, default: { cpu: '1' } }] },
      }),
    );
    const quota = JSON.parse(
      member(['get', 'resourcequota', 'nimbus-quota', '-n', name, '-o', 'json']).stdout,
    ) as QuotaOrLimits;
    expect(quota.spec.hard).toEqual({ 'limits.cpu': '6', 'limits.memory': '12Gi' });
    const limits = JSON.parse(
      member(['get', 'limitrange', 'nimbus-limits', '-n', name, '-o', 'json']).stdout,
    ) as QuotaOrLimits;
    expect(limits.spec.limits).toHaveLength(1);
    expect(limits.spec.limits?.[0]?.max).toEqual({ cpu: '2' });
  });

  it('answers the namespace detail with its quotas and limit ranges', async () => {
    const detail = expectOk(
      await call<{
        namespace: { name: string; phase: string; uid: string };
        resourceQuotas: Array<QuotaOrLimits & { metadata: { managedFields?: unknown } }>;
        limitRanges: QuotaOrLimits[];
      }>('GET', 'crd', `${at}/namespaces/${name}`),
    );
    expect(detail.namespace).toMatchObject({ name, phase: 'Active' });
    expect(detail.namespace.uid).not.toBe('');
    expect(detail.resourceQuotas.map((q) => q.spec.hard)).toEqual([
      { 'limits.cpu': '6', 'limits.memory': '12Gi' },
    ]);
    expect(detail.resourceQuotas[0]?.metadata.managedFields).toBeUndefined();
    expect(detail.limitRanges.map((l) => l.metadata.name)).toEqual(['nimbus-limits']);
  });

  it('refuses a default above max with a readable message and creates nothing', async () => {
    const refused = await call('POST', 'k8s', '/namespaces', {
      ...where,
      name: `refused-${suffix}`,
      limitRange: { container: { default: { cpu: '2' }, max: { cpu: '1' } } },
    });
    expect(refused.body).toMatchObject({
      code: 1000,
      message: 'limitRange.container.max.cpu: default cpu (2) must not exceed max cpu (1)',
    });
    expect(await namespaceGone(`refused-${suffix}`)).toBe(true);
  });

  it('never deletes a system namespace', async () => {
    const { body } = await call('DELETE', 'k8s', `${at}/namespaces/kube-system`);
    expect(body.code).toBe(1000);
    expect(member(['get', 'namespace', 'kube-system', '-o', 'name']).stdout.trim()).toBe(
      'namespace/kube-system',
    );
  });

  it('deletes the namespace', async () => {
    expectOk(await call('DELETE', 'k8s', `${at}/namespaces/${name}`));
    expect(await namespaceGone(name)).toBe(true);
  }, 40_000);
});

describe('all or nothing', () => {
  it('deletes the namespace again when the member refuses the quota', async () => {
    // A role that may create and delete namespaces but not set quotas: member-a's own RBAC
    // refuses the second step.
    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'Role',
        metadata: { name: limited },
        spec: {
          organization: org,
          permissions: ['namespace:create', 'namespace:delete', 'namespace:list'].map((p) => ({
            name: p,
            effect: 'Allow',
          })),
        },
      },
    ]);
    const session = await gitOpsUser(limited, org, [{ cluster, role: limited, effect: 'Allow' }]);
    await memberAllows('member-a', limited, 'delete', 'namespaces');
    const ns = `refused-${suffix}`;
    const refused = await call(
      'POST',
      'k8s',
      '/namespaces',
      { ...where, name: ns, resourceQuota: { cpu: '1' } },
      session.token,
    );
    expect(refused.body.code).toBe(9997);
    expect(refused.body.message).toContain('resourcequotas');
    expect(await namespaceGone(ns)).toBe(true);
  }, 90_000);
});
