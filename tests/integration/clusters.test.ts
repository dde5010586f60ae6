// Registering a test-bed member through ProviderKubeconfig, end to end: the uploaded kubeconfig,
// the connectivity test, the health probe filling the status, write-only credentials and delete.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { ApiResponse } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, removeGitOpsSystemAdmin } from '../support/iam.js';
import { kubectl } from '../support/kubectl.js';
import { onMember } from '../support/members.js';

const suffix = `clu${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const namespace = 'nimbus-system';
const clusters = '/providers/ProviderKubeconfig/clusters';
const hub = (args: string[]) => kubectl(testEnv.hubKubeconfig, args);

const memberAKubeconfig = (): string => {
  const path = testEnv.memberKubeconfigs.find((file) => file.endsWith('member-a.kubeconfig'));
  if (!path) throw new Error('member-a kubeconfig not configured');
  return readFileSync(path, 'utf8');
};
/** The private key and certificate lines of the uploaded file: none may ever come back. */
const credentialValues = (): string[] =>
  memberAKubeconfig()
    .split('\n')
    .filter((line) => /client-(certificate|key)-data:/.test(line))
    .map((line) => line.split(':')[1]?.trim() ?? '')
    .filter((value) => value.length > 40);

let root: Session;
const answers: ApiResponse[] = [];

function manage<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  return api<T>(method, 'manage', path, {
    token: root.token,
    ...(body === undefined ? {} : { body }),
  }).then((response) => {
    answers.push(response);
    return response;
  });
}

interface ClusterView {
  name: string;
  credentialsSet: boolean;
  credentialsUpdatedAt?: string;
  ready: boolean;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'clusters',
      contact: 'Ops',
      email: 'ops@clusters.example',
    }),
  );
}, 60_000);

afterAll(() => {
  hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('ProviderKubeconfig registration against the test bed', () => {
  it('refuses a kubeconfig with an exec plugin with a readable message', async () => {
    const kubeconfig = memberAKubeconfig().replace(
      /client-certificate-data:.*\n\s*client-key-data:.*/,
      'exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh',
    );
    expect(kubeconfig).toContain('exec:');
    const { body } = await manage('POST', clusters, {
      name: cluster,
      organizationId: org,
      region: 'local',
      credentials: { kubeconfig },
    });
    expect(body.code).toBe(1000);
    expect(body.message).toContain('user field "exec" runs a local command');
  });

  it('registers member-a with its uploaded kubeconfig and answers no credentials', async () => {
    const created = expectOk(
      await manage<ClusterView>('POST', clusters, {
        name: cluster,
        organizationId: org,
        region: 'local',
        credentials: { kubeconfig: memberAKubeconfig() },
      }),
    );
    expect(created).toMatchObject({ name: cluster, credentialsSet: true });
    expect(created.credentialsUpdatedAt).toBeDefined();
    const secret = hub([
      'get',
      'secret',
      '-n',
      namespace,
      '-o',
      'json',
      `nimbus-cluster-${cluster}-credentials`,
    ]);
    expect(secret.status).toBe(0);
    const owners = (
      JSON.parse(secret.stdout) as {
        metadata: { ownerReferences?: { kind: string; name: string }[] };
      }
    ).metadata.ownerReferences;
    expect(owners).toEqual([expect.objectContaining({ kind: 'Cluster', name: cluster })]);
  });

  it('tests connectivity: the member answers its Kubernetes version', async () => {
    const data = expectOk(
      await manage<{ kubernetesVersion: string }>('POST', `${clusters}/${cluster}/test`, {
        organizationId: org,
      }),
    );
    expect(data.kubernetesVersion).toMatch(/^v1\.36\./);
  });

  it('becomes ready with all of its nodes within 30 s', async () => {
    // Three simulated nodes, and the real one when hack/testbed/node/ runs.
    const nodes = onMember('member-a', ['get', 'nodes', '-o', 'name']).stdout.trim().split('\n');
    type Status = { ready?: boolean; nodeCount?: number; kubernetesVersion?: string };
    const status = await eventually(
      (): Status => {
        const got = hub(['get', 'clusters.nimbus.io', cluster, '-o', 'jsonpath={.status}']);
        return got.stdout ? (JSON.parse(got.stdout) as Status) : {};
      },
      (got) => got.ready === true && got.nodeCount !== undefined,
      { timeoutMs: 30_000, intervalMs: 1_000 },
    );
    expect(nodes.length).toBeGreaterThanOrEqual(3);
    expect(status).toMatchObject({ ready: true, nodeCount: nodes.length });
    expect(status.kubernetesVersion).toMatch(/^v1\.36\./);
    const listed = expectOk(
      await manage<{ items: { name: string; ready: boolean }[] }>(
        'GET',
        `/organizations/${org}/providers`,
      ),
    );
    expect(listed.items).toEqual([expect.objectContaining({ name: cluster, ready: true })]);
  }, 40_000);

  it('deletes the Cluster and its credentials Secret', async () => {
    const { body } = await manage('DELETE', `${clusters}/${cluster}`, { organizationId: org });
    expect(body).toMatchObject({ code: 0, data: { name: cluster } });
    const gone = hub(['get', 'clusters.nimbus.io', cluster, '--ignore-not-found', '-o', 'name']);
    expect(gone.stdout.trim()).toBe('');
    const secret = hub([
      'get',
      'secret',
      '-n',
      namespace,
      `nimbus-cluster-${cluster}-credentials`,
      '--ignore-not-found',
      '-o',
      'name',
    ]);
    expect(secret.stdout.trim()).toBe('');
  });

  it('never shows the credentials in a response or the operator log', () => {
    const values = credentialValues();
    expect(values.length).toBe(2);
    const log = readFileSync(testEnv.operatorLog, 'utf8');
    for (const value of values) {
      for (const answer of answers) expect(answer.text).not.toContain(value.slice(0, 40));
      expect(log).not.toContain(value.slice(0, 40));
    }
  });
});
