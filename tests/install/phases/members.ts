// The installed operator reaches a member cluster from inside its pod: member-a registered through
// the API with a kubeconfig naming the node address (the pods' way to member-a's API server),
// then its pods listed through the API, from the operator's index of that member; then a real
// container on member-a's real node: its log read and a command run in it through the release.
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.js';
import { testEnv } from '../../support/env.js';
import { eventually } from '../../support/eventually.js';
import { locationOf, onMember } from '../../support/members.js';
import { converse, openStream } from '../../support/streams.js';
import { adminToken } from '../support/admin.js';
import { demoPodsListed, registerMemberA, unregisterMemberA } from '../support/member-a.js';
import { podsOfRelease, routedServiceUrl, serviceUrl } from '../support/release.js';

const suffix = Date.now().toString(36);
const org = `install-${suffix}`;
const cluster = `member-a-${suffix}`;
const realNs = `real-${suffix}`;
let token = '';

describe('a member cluster seen from the installed operator', () => {
  afterAll(async () => {
    onMember('member-a', ['delete', 'namespace', realNs, '--ignore-not-found', '--wait=false']);
    await unregisterMemberA({ baseUrl: serviceUrl(), token, org, cluster });
  });

  it('registers member-a through the Service and lists its pods', async () => {
    // The CRD upgrade rolled the pods: the Service routes to the new ones only after a moment.
    const url = await routedServiceUrl();
    token = await adminToken(url);
    await registerMemberA({ baseUrl: url, token, org, cluster });
    const version = await api<{ kubernetesVersion: string }>(
      'POST',
      'manage',
      `/providers/ProviderKubeconfig/clusters/${cluster}/test`,
      { baseUrl: url, token, body: { organizationId: org } },
    );
    expect(version.body).toMatchObject({
      code: 0,
      data: { kubernetesVersion: expect.stringMatching(/^v1\.36\./) },
    });
    expect(await demoPodsListed(url, token, cluster)).toHaveLength(3);
  });

  it("reads a real container's log and runs a command in it through the release", async () => {
    // The release's own image has a shell; member-a's real node is tainted for such pods only.
    const image = podsOfRelease()[0]?.spec.containers[0]?.image;
    if (!image) throw new Error('the release has no pod');
    onMember('member-a', ['create', 'namespace', realNs]);
    const applied = onMember(
      'member-a',
      ['apply', '-n', realNs, '-f', '-'],
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'real' },
        spec: {
          nodeSelector: { 'nimbus.io/real-node': 'true' },
          tolerations: [{ key: 'nimbus.io/real-node', operator: 'Exists', effect: 'NoSchedule' }],
          containers: [
            {
              name: 'app',
              image,
              command: ['sh', '-c', 'echo real line 1; echo real line 2; exec sleep 3600'],
            },
          ],
        },
      }),
    );
    expect(applied.status, applied.stderr).toBe(0);
    const waited = onMember('member-a', [
      'wait',
      '-n',
      realNs,
      '--for=condition=Ready',
      'pod/real',
      '--timeout=180s',
    ]);
    expect(waited.status, waited.stderr).toBe(0);

    const podPath = `${locationOf(cluster)}/namespaces/${realNs}/pods/real`;
    const log = await eventually(
      async () => {
        try {
          const response = await fetch(
            new URL(`/api/v1/k8s.${testEnv.host}${podPath}/log?container=app`, serviceUrl()),
            { headers: { Authorization: `Bearer ${token}` } },
          );
          return `${response.status} ${await response.text()}`;
        } catch (error) {
          // A stream the member cuts short: shown in the assertion if it never succeeds.
          return `cut: ${String((error as Error).cause ?? error)}`;
        }
      },
      (text) => text.startsWith('200 ') && text.includes('real line 2'),
      60_000,
    );
    expect(log.slice('200 '.length).trim().split('\n')).toEqual(['real line 1', 'real line 2']);

    const query = new URLSearchParams([
      ['container', 'app'],
      ['command', 'sh'],
    ]);
    const opened = await openStream('k8s', `${podPath}/exec?${query.toString()}`, {
      token,
      baseUrl: serviceUrl(),
    });
    if (opened.kind !== 'open') throw new Error(JSON.stringify(opened));
    const transcript = await converse(opened.socket, 'echo "uid $(id -u) on $(hostname)"\nexit\n');
    expect(transcript.stdout.trim()).toMatch(/^uid \d+ on real$/);
    expect(transcript.status).toContain('Success');
  });
});
