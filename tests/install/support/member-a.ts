// member-a as the installed operator reaches it: registered through the API with a kubeconfig
// naming the node address (the pods' way to member-a's API server, docs/testbed.md).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { api } from '../../support/api.js';
import { testEnv } from '../../support/env.js';
import { eventually } from '../../support/eventually.js';
import { hub, nodeAddress } from './release.js';

function memberAKubeconfig(): string {
  const path = testEnv.memberKubeconfigs.find((file) => basename(file) === 'member-a.kubeconfig');
  if (!path) throw new Error('member-a kubeconfig not configured');
  // From this machine member-a listens on loopback; from a pod it is the node address.
  return readFileSync(path, 'utf8').replace(
    /server: https:\/\/127\.0\.0\.1:(\d+)/,
    `server: https://${nodeAddress()}:$1`,
  );
}

export interface Registration {
  baseUrl: string;
  token: string;
  org: string;
  cluster: string;
}

/** Creates the organization and registers member-a in it as `cluster`. */
export async function registerMemberA(registration: Registration): Promise<void> {
  const { baseUrl, token, org, cluster } = registration;
  const call = <T>(method: string, service: string, path: string, body: unknown) =>
    api<T>(method, service, path, { baseUrl, token, body });
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
}

type Listed = { items: { metadata: { name: string; namespace?: string } }[] };

/** member-a's pods in namespace demo (three), once the operator's index lists them at baseUrl. */
export async function demoPodsListed(baseUrl: string, token: string, cluster: string) {
  const listed = await eventually(
    async () =>
      (await api<Listed>('GET', 'crd', `/pods?cluster=${cluster}&pageSize=100`, { baseUrl, token }))
        .body,
    (body) =>
      body.code === 0 &&
      body.data.items.filter((pod) => pod.metadata.namespace === 'demo').length === 3,
    90_000,
  );
  expect(listed.code).toBe(0);
  return listed.data.items.filter((pod) => pod.metadata.namespace === 'demo');
}

/** Unregisters the cluster and removes the organization, as the phase's last step. */
export async function unregisterMemberA(registration: Registration): Promise<void> {
  const { baseUrl, token, org, cluster } = registration;
  await api('DELETE', 'manage', `/providers/ProviderKubeconfig/clusters/${cluster}`, {
    baseUrl,
    token,
    body: { organizationId: org },
  });
  hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
}
