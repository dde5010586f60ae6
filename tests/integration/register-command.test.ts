// Registering member-b with the one command the hub generates, run with the test bed's kubectl as
// an administrator would: the agent manifest is applied, the cluster turns Ready, the index syncs
// it and calls made as a user (impersonated) work; the agent token is renewed; a used or expired
// token is refused; unregistering removes what the manifest created.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import type { HubObject, Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  namespace,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import { atCluster, clusterUid, memberKubeconfig, onMember, region } from '../support/members.js';

const s = `cmd${Date.now().toString(36)}`;
const org = `org-${s}`;
const cluster = `member-b-${s}`;
let root: Session;
let orgUid: string;

interface Command {
  name: string;
  command: string;
  manifestUrl: string;
  expiresAt: string;
}

const registration = (body: Record<string, unknown>) =>
  api<Command>('POST', 'manage', '/registrations', { token: root.token, body });

/** Runs the command in a shell whose kubectl (the test bed's) points at member-b. */
function run(command: string): { status: number; output: string } {
  try {
    const output = execFileSync('sh', ['-c', command], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${testEnv.testbedBin}:${process.env.PATH ?? ''}`,
        KUBECONFIG: memberKubeconfig('member-b'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    return { status: 0, output };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    return { status: failed.status ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The hand-over alone, as the command's last curl makes it. */
const handOver = (token: string) =>
  api('POST', 'manage', '/registration', {
    headers: { 'X-Nimbus-Registration-Token': token },
    body: { server: 'https://127.0.0.1:1', ca: 'x', token: 'y' },
  });

const tokenOf = (command: string): string =>
  /X-Nimbus-Registration-Token: ([A-Za-z0-9_-]+)/.exec(command)?.[1] ?? '';

const agentKubeconfigToken = (): string => {
  const secret = hubJson<{ data: Record<string, string> }>([
    'get',
    'secret',
    '-n',
    namespace,
    `nimbus-cluster-${cluster}-credentials`,
  ]);
  const stored = JSON.parse(Buffer.from(secret.data.credentials ?? '', 'base64').toString()) as {
    kubeconfig: string;
  };
  return /token: (\S+)/.exec(stored.kubeconfig)?.[1] ?? '';
};

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  orgUid = expectOk(
    await root.call<{ uuid: string }>('POST', '/organizations', {
      name: org,
      cnName: org,
      contact: 'Ops',
      email: 'ops@cmd.example',
    }),
  ).uuid;
});

afterAll(() => {
  hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'secrets', '-n', namespace, '-l', `nimbus.io/cluster-registration=${cluster}`]);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
  onMember('member-b', [
    'delete',
    'namespace',
    'nimbus-agent',
    '--ignore-not-found',
    '--wait=false',
  ]);
  onMember('member-b', [
    'delete',
    'clusterrole,clusterrolebinding',
    'nimbus-agent',
    '--ignore-not-found',
  ]);
});

/** This cluster's samples of the credential expiry gauge on the operator's /metrics. */
async function credentialExpiry(): Promise<string[]> {
  const text = await (await fetch(new URL('/metrics', testEnv.metricsUrl))).text();
  const prefix = `nimbus_member_credential_expiry_timestamp_seconds{cluster="${cluster}",`;
  return text
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length));
}

describe('registering a cluster with one command', () => {
  let command: Command;

  it('refuses an expired command, and a token nobody issued', async () => {
    const expiring = expectOk(
      await registration({ name: cluster, organizationId: orgUid, region, expiresInMinutes: 5 }),
    );
    // Moved into the past in its Secret, as five minutes later.
    const [pending] = hubJson<{
      items: Array<{ metadata: { name: string }; data: { record: string } }>;
    }>([
      'get',
      'secrets',
      '-n',
      namespace,
      '-l',
      `nimbus.io/cluster-registration=${cluster}`,
    ]).items;
    const record = JSON.parse(Buffer.from(pending?.data.record ?? '', 'base64').toString()) as {
      expiresAt: string;
    };
    record.expiresAt = new Date(Date.now() - 1000).toISOString();
    const patch = { data: { record: Buffer.from(JSON.stringify(record)).toString('base64') } };
    hub([
      'patch',
      'secret',
      '-n',
      namespace,
      pending?.metadata.name ?? '',
      '-p',
      JSON.stringify(patch),
    ]);
    expect((await handOver(tokenOf(expiring.command))).body.code).toBe(1016);
    expect((await handOver('not-a-token')).body.code).toBe(1016);
    expect((await handOver('')).body.code).toBe(1016);
  });

  it('applies the manifest to member-b and registers it; the cluster turns Ready', async () => {
    command = expectOk(await registration({ name: cluster, organizationId: orgUid, region }));
    expect(command.command).toContain('kubectl apply -f -');
    expect(command.manifestUrl).toMatch(/\/registration\/manifest$/);
    const manifest = await fetch(command.manifestUrl);
    expect(manifest.headers.get('content-type')).toContain('application/yaml');
    expect(await manifest.text()).toContain('kind: ServiceAccount');

    const result = run(command.command);
    expect(result.output).toContain(`"cluster":"${cluster}"`);
    expect(result.status).toBe(0);

    const registered = hubJson<HubObject & { metadata: { annotations?: Record<string, string> } }>([
      'get',
      'clusters.nimbus.io',
      cluster,
    ]);
    expect(registered.metadata.labels?.['nimbus.io/organization']).toBe(org);
    expect(registered.metadata.annotations?.['nimbus.io/member-agent']).toBe(
      'nimbus-agent/nimbus-agent',
    );
    const ready = await eventually(
      async () =>
        expectOk(
          await api<{ items: Array<{ name: string; ready: boolean }> }>(
            'GET',
            'manage',
            `/organizations/${org}/providers`,
            { token: root.token },
          ),
        ).items.find((item) => item.name === cluster),
      (item) => item?.ready === true,
      45_000,
    );
    expect(ready?.ready).toBe(true);
  });

  it('works once: the same command is refused afterwards', async () => {
    const again = run(command.command);
    expect(again.status).not.toBe(0);
    expect(again.output).toContain('"code":1016');
    expect((await handOver(tokenOf(command.command))).body.code).toBe(1016);
  });

  it('indexes the member and acts in it as the user, through the projected impersonation', async () => {
    const uid = clusterUid(cluster);
    const impersonator = await eventually(
      () =>
        onMember('member-b', [
          'get',
          'clusterrolebinding',
          `nimbus:${uid}:impersonator`,
          '-o',
          'jsonpath={.subjects[*].name}',
        ]).stdout,
      (subjects) => subjects.includes('system:serviceaccount:nimbus-agent:nimbus-agent'),
      45_000,
    );
    expect(impersonator).toBe('system:serviceaccount:nimbus-agent:nimbus-agent');

    const indexed = await eventually(
      async () =>
        expectOk(
          await api<{ items: Array<{ metadata: { name: string } }> }>(
            'GET',
            'crd',
            `/namespaces?cluster=${cluster}&pageSize=100`,
            { token: root.token },
          ),
        ).items.map((item) => item.metadata.name),
      (names) => names.includes('nimbus-agent') && names.includes('demo'),
      45_000,
    );
    expect(indexed).toContain('demo');

    const live = await eventually(
      async () =>
        atCluster<{ items: Array<{ metadata: { name: string } }> }>(
          root,
          'k8s',
          'GET',
          cluster,
          '/namespaces',
        ),
      (response) => response.body.code === 0,
      45_000,
    );
    expect(live.body.data.items.map((item) => item.metadata.name)).toContain('demo');
  });

  it('renews the agent token with a TokenRequest', async () => {
    const before = agentKubeconfigToken();
    const rotated = expectOk(
      await api<{ expiresAt: string }>(
        'POST',
        'manage',
        `/providers/ProviderKubeconfig/clusters/${cluster}/credentials/rotate`,
        { token: root.token, body: { organizationId: org } },
      ),
    );
    expect(Date.parse(rotated.expiresAt)).toBeGreaterThan(Date.now());
    const after = agentKubeconfigToken();
    expect(after).not.toBe(before);
    expect(after.split('.')).toHaveLength(3);
    // The new token is in use: a call as the user still goes through.
    const live = await atCluster(root, 'k8s', 'GET', cluster, '/namespaces');
    expect(live.body.code).toBe(0);
    // Its expiry is on /metrics as a credential Nimbus renews itself (no person is asked to),
    // once a member call (the health probe, an index watch) has opened a connection with it.
    const { exp } = JSON.parse(Buffer.from(after.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    const reported = await eventually(
      credentialExpiry,
      (lines) => lines.includes(`renewal="automatic"} ${exp}`),
      30_000,
    );
    expect(reported).toEqual([`renewal="automatic"} ${exp}`]);
  });

  it('removes the namespace and the agent RBAC when the cluster is unregistered', async () => {
    expectOk(
      await api('DELETE', 'manage', `/providers/ProviderKubeconfig/clusters/${cluster}`, {
        token: root.token,
        body: { organizationId: org },
      }),
    );
    const left = await eventually(
      () =>
        onMember('member-b', [
          'get',
          'namespace/nimbus-agent',
          'clusterrole/nimbus-agent',
          'clusterrolebinding/nimbus-agent',
          '--ignore-not-found',
          '-o',
          'name',
        ]).stdout.trim(),
      (out) => out === '',
      60_000,
    );
    expect(left).toBe('');
    // Nothing is left to alert on for a cluster that is gone.
    expect(await eventually(credentialExpiry, (lines) => lines.length === 0, 30_000)).toEqual([]);
  });
});
