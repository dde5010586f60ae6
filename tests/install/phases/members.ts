// The installed operator reaches a member cluster from inside its pod: member-a registered through
// the API with a kubeconfig naming the node address (the pods' way to member-a's API server),
// then its pods listed through the API, from the operator's index of that member.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.js';
import { testEnv } from '../../support/env.js';
import { eventually } from '../../support/eventually.js';
import { adminToken } from '../support/admin.js';
import { hub, nodeAddress, serviceUrl } from '../support/release.js';

const suffix = Date.now().toString(36);
const org = `install-${suffix}`;
const cluster = `member-a-${suffix}`;
let token = '';

function memberAKubeconfig(): string {
  const path = testEnv.memberKubeconfigs.find((file) => basename(file) === 'member-a.kubeconfig');
  if (!path) throw new Error('member-a kubeconfig not configured');
  // From this machine member-a listens on loopback; from a pod it is the node address.
  return readFileSync(path, 'utf8').replace(
    /server: https:\/\/127\.0\.0\.1:(\d+)/,
    `server: https://${nodeAddress()}:$1`,
  );
}

describe('a member cluster seen from the installed operator', () => {
  afterAll(async () => {
    await api('DELETE', 'manage', `/providers/ProviderKubeconfig/clusters/${cluster}`, {
      baseUrl: serviceUrl(),
      token,
      body: { organizationId: org },
    });
    hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
    hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  });

  it('registers member-a through the Service and lists its pods', async () => {
    const url = serviceUrl();
    token = await adminToken(url);
    const call = <T>(method: string, service: string, path: string, body?: unknown) =>
      api<T>(method, service, path, { baseUrl: url, token, ...(body ? { body } : {}) });

    const organization = await call('POST', 'iam', '/organizations', {
      name: org,
      cnName: 'install',
      contact: 'Ops',
      email: 'ops@install.example',
    });
    expect(organization.body.code).toBe(0);
    const registered = await call('POST', 'manage', '/providers/ProviderKubeconfig/clusters', {
      name: cluster,
      organizationId: org,
      region: 'local',
      credentials: { kubeconfig: memberAKubeconfig() },
    });
    expect(registered.body).toMatchObject({ code: 0, data: { name: cluster } });
    const version = await call<{ kubernetesVersion: string }>(
      'POST',
      'manage',
      `/providers/ProviderKubeconfig/clusters/${cluster}/test`,
      { organizationId: org },
    );
    expect(version.body).toMatchObject({
      code: 0,
      data: { kubernetesVersion: expect.stringMatching(/^v1\.36\./) },
    });

    type Listed = { items: { metadata: { name: string; namespace?: string } }[] };
    const listed = await eventually(
      async () => (await call<Listed>('GET', 'crd', `/pods?cluster=${cluster}&pageSize=100`)).body,
      (body) =>
        body.code === 0 &&
        body.data.items.filter((pod) => pod.metadata.namespace === 'demo').length === 3,
      90_000,
    );
    expect(listed.code).toBe(0);
    expect(listed.data.items.filter((pod) => pod.metadata.namespace === 'demo')).toHaveLength(3);
  });
});
