// The multi-cluster index follows a real member API server: list, watch and metadata-only
// secrets against member-a of the test bed, changed with kubectl while the loops run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeConfig } from '@kubernetes/client-node';
import { testEnv } from '../support/env.js';
import { eventuallyPasses } from '../support/eventually.js';
import { kubectl } from '../support/kubectl.js';
import { findIndexedKind } from '../../operator/src/index/kinds.js';
import { callsOf } from '../../operator/src/clusters/member-client.js';
import { ConnectionTransport } from '../../operator/src/index/connection-transport.js';
import { createMemberTransport } from '../../operator/src/member/transport/transport.js';
import { IndexStore } from '../../operator/src/index/store.js';
import { WatchLoop } from '../../operator/src/index/watch-loop.js';
import { everyKindIn } from '../../operator/src/index/testing/scope.js';

const cluster = 'member-a';

const settled = { timeoutMs: 10_000, intervalMs: 100 };

describe('index watch loops against member-a', () => {
  let kubeconfig: string;
  let store: IndexStore;
  let loops: WatchLoop[] = [];
  const run = (args: string[], input?: string) => {
    const result = kubectl(kubeconfig, args, input);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  };
  const webPods = () =>
    store.list({
      scope: [everyKindIn(cluster, ['demo'])],
      kinds: ['pods'],
      labels: ['app:web'],
    }).items;
  const webDeployment = () =>
    store
      .list({ scope: [everyKindIn(cluster)], kinds: ['deployments'], namespaces: ['demo'] })
      .items.find((item) => item.name === 'web');

  beforeAll(() => {
    kubeconfig = testEnv.memberKubeconfigs.find((path) => path.includes('member-a')) ?? '';
    expect(kubeconfig).not.toBe('');
    const config = new KubeConfig();
    config.loadFromFile(kubeconfig);
    const server = config.getCurrentCluster();
    const user = config.getCurrentUser();
    if (!server || !user?.certData || !user.keyData) throw new Error('member-a kubeconfig');
    const member = createMemberTransport(
      {
        server: server.server,
        ...(server.caData ? { certificateAuthorityData: server.caData } : {}),
        auth: { clientCertificateData: user.certData, clientKeyData: user.keyData },
      },
      ['127.0.0.1'],
    );
    const transport = new ConnectionTransport(() => Promise.resolve(callsOf(member, 'operator')));
    store = IndexStore.open(':memory:');
    loops = ['pods', 'deployments', 'secrets'].map((name) => {
      const kind = findIndexedKind(name);
      if (!kind) {
        throw new Error(`unknown kind ${name}`);
      }
      return new WatchLoop({ cluster, kind, transport, sink: store, stallTimeoutMs: 60_000 });
    });
    loops.forEach((loop) => loop.start());
  });

  afterAll(async () => {
    kubectl(kubeconfig, ['-n', 'demo', 'scale', 'deployment/web', '--replicas=3']);
    kubectl(kubeconfig, [
      '-n',
      'demo',
      'delete',
      'secret',
      'nimbus-index-probe',
      '--ignore-not-found',
    ]);
    await Promise.all(loops.map((loop) => loop.stop()));
    store.close();
  });

  it('indexes the demo/web pods and deployment from the real API server', async () => {
    await eventuallyPasses(() => {
      expect(webPods().map((pod) => pod.namespace)).toEqual(['demo', 'demo', 'demo']);
      expect(webDeployment()?.object).toMatchObject({ spec: { replicas: 3 } });
      // Each loop marks itself synced after its own first list, the secrets loop's included,
      // which the pods above do not wait for.
      expect(loops.every((loop) => loop.stats.synced)).toBe(true);
    }, settled);
    for (const pod of webPods()) {
      expect(pod.object.metadata).not.toHaveProperty('managedFields');
      expect(pod.name).toMatch(/^web-/);
    }
  });

  it('follows a scale change made with kubectl within 10 seconds', async () => {
    run(['-n', 'demo', 'scale', 'deployment/web', '--replicas=4']);
    await eventuallyPasses(() => {
      expect(webDeployment()?.object).toMatchObject({ spec: { replicas: 4 } });
      expect(webPods()).toHaveLength(4);
    }, settled);
    run(['-n', 'demo', 'scale', 'deployment/web', '--replicas=3']);
    await eventuallyPasses(() => {
      expect(webDeployment()?.object).toMatchObject({ spec: { replicas: 3 } });
      expect(webPods().filter((pod) => !pod.object.metadata?.deletionTimestamp)).toHaveLength(3);
    }, settled);
  });

  it('indexes secrets as metadata only and follows their deletion', async () => {
    run([
      '-n',
      'demo',
      'create',
      'secret',
      'generic',
      'nimbus-index-probe',
      '--from-literal=password=hunter2-index',
    ]);
    const probe = () =>
      store
        .list({ scope: [everyKindIn(cluster)], kinds: ['secrets'], namespaces: ['demo'] })
        .items.find((item) => item.name === 'nimbus-index-probe');
    await eventuallyPasses(() => expect(probe()).toBeDefined(), settled);
    expect(Object.keys(probe()?.object ?? {}).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(JSON.stringify(probe())).not.toContain(Buffer.from('hunter2-index').toString('base64'));
    expect(store.search({ text: 'index-probe', scope: [everyKindIn(cluster)] })).toEqual([
      {
        cluster,
        resources: [
          {
            type: 'secrets',
            samples: [
              {
                labels: { name: 'nimbus-index-probe', namespace: 'demo' },
                value: probe()?.created,
              },
            ],
          },
        ],
      },
    ]);
    run(['-n', 'demo', 'delete', 'secret', 'nimbus-index-probe']);
    await eventuallyPasses(() => expect(probe()).toBeUndefined(), settled);
  });
});
