// The member clusters are real API servers with simulated nodes: what later issues rely on
// (labelled nodes, running pods, logs and exec) must hold here first.
import { describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.js';
import { kubectl } from '../support/kubectl.js';

interface NodeList {
  items: Array<{
    metadata: { labels: Record<string, string> };
    status: { conditions: Array<{ type: string; status: string }> };
  }>;
}
interface PodList {
  items: Array<{ metadata: { name: string }; status: { phase: string } }>;
}

const members = () => testEnv.memberKubeconfigs.map((kc) => [kc.replace(/^.*\//, ''), kc] as const);

describe.each(members())('member cluster %s', (_name, kubeconfig) => {
  const run = (args: string[], input?: string) => kubectl(kubeconfig, args, input);

  it('has at least three Ready simulated nodes labelled with instance type, zone and region', () => {
    // kwok's nodes; a real node (hack/testbed/node/) may join member-a beside them.
    const nodes = JSON.parse(
      run(['get', 'nodes', '-l', 'type=kwok', '-o', 'json']).stdout,
    ) as NodeList;
    expect(nodes.items.length).toBeGreaterThanOrEqual(3);
    for (const node of nodes.items) {
      expect(node.metadata.labels).toHaveProperty(['node.kubernetes.io/instance-type']);
      expect(node.metadata.labels).toHaveProperty(['topology.kubernetes.io/zone']);
      expect(node.metadata.labels).toHaveProperty(['topology.kubernetes.io/region']);
      expect(node.status.conditions).toContainEqual(
        expect.objectContaining({ type: 'Ready', status: 'True' }),
      );
    }
  });

  it('runs the sample deployment', () => {
    const pods = JSON.parse(
      run(['-n', 'demo', 'get', 'pods', '-l', 'app=web', '-o', 'json']).stdout,
    ) as PodList;
    expect(pods.items.length).toBe(3);
    expect(pods.items.map((p) => p.status.phase)).toEqual(['Running', 'Running', 'Running']);
  });

  it('serves container logs and an interactive shell', () => {
    const pods = JSON.parse(
      run(['-n', 'demo', 'get', 'pods', '-l', 'app=web', '-o', 'json']).stdout,
    ) as PodList;
    const pod = pods.items[0]?.metadata.name ?? '';
    const logs = run(['-n', 'demo', 'logs', pod]);
    expect(logs.status).toBe(0);
    expect(logs.stdout).toContain('nimbus test-bed log line 1');
    const shell = run(
      ['-n', 'demo', 'exec', '-i', pod, '--', 'sh'],
      'echo "in $NIMBUS_TESTBED_CLUSTER"\nexit\n',
    );
    expect(shell.stderr).toBe('');
    expect(shell.stdout.trim()).toMatch(/^in member-[ab]$/);
  });

  it('reports the pinned Kubernetes version', () => {
    const version = JSON.parse(run(['version', '-o', 'json']).stdout) as {
      serverVersion: { gitVersion: string };
    };
    expect(version.serverVersion.gitVersion).toMatch(/^v1\.36\.\d+$/);
  });
});
