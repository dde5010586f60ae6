// Real nodes killed with their checkout (a cancelled CI job, a closed terminal) must not fail the
// next run: its start clears what they left and starts clean nodes (docs/testbed.md "A killed
// run"). The last phase: clearing removes the node roots, and with them the release's volumes.
// The run's own `make down` then checks that the machine is as it was.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { hub, hubJson, realNode } from '../support/release.js';

const nodeScripts = fileURLToPath(new URL('../../../hack/testbed/node/', import.meta.url));
const ownerFile = '/run/nimbus-node/owner';
const pod = `killed-node-${Date.now().toString(36)}`;

function script(name: string, ...args: string[]) {
  const result = spawnSync(`${nodeScripts}${name}`, args, { encoding: 'utf8', timeout: 600_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Every process of the nodes: daemons, shims, relays and the pods' own processes. */
const nodeProcesses = (): number[] =>
  script('host-state.sh', 'processes')
    .output.split('\n')
    .map((line) => Number(line.split(' ')[0]))
    .filter((pid) => Number.isInteger(pid) && pid > 0);

/** Whether a process runs: a zombie (killed, not yet reaped by its new parent) does not. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state …": comm may hold spaces and parentheses, the state follows the last ")".
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

interface PodView {
  status?: { containerStatuses?: Array<{ containerID?: string; state?: { running?: object } }> };
}

/** The pod's container, when it runs. */
function runningContainer(): string | undefined {
  const status = hubJson<PodView>(['get', 'pod', '-n', 'default', pod]).status;
  const container = status?.containerStatuses?.[0];
  return container?.state?.running ? container.containerID : undefined;
}

afterAll(() => {
  hub(['delete', 'pod', '-n', 'default', pod, '--ignore-not-found', '--timeout=120s']);
});

describe('real nodes killed with SIGKILL', () => {
  it('are cleared and started anew by the next checkout, and run pods again', async () => {
    const image = spawnSync(`${nodeScripts}pause-image.sh`, { encoding: 'utf8' }).stdout.trim();
    expect(image).toContain('/testbed/pause:');
    const manifest = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: pod, namespace: 'default' },
      spec: {
        nodeName: realNode,
        terminationGracePeriodSeconds: 1,
        containers: [{ name: 'pause', image }],
      },
    };
    expect(hub(['apply', '-f', '-'], JSON.stringify(manifest)).status).toBe(0);
    // A running pod: its sandbox, network namespace, bridge, mounts and cgroups exist.
    const first = await eventually(runningContainer, (id) => id !== undefined, 120_000);
    expect(first).toBeDefined();

    const killed = nodeProcesses();
    // kubelet, containerd and kube-proxy, the relays, the shims and the pods' own processes.
    expect(killed.length).toBeGreaterThan(8);
    for (const pid of killed) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already: a shim ends when its container is killed.
      }
    }
    expect(
      await eventually(
        () => killed.filter(alive),
        (left) => left.length === 0,
      ),
    ).toEqual([]);

    // Another checkout starts the nodes now: the owner file names the killed one.
    writeFileSync(ownerFile, '/nonexistent/killed-checkout\n');
    const started = script('up.sh');
    expect(started.output).toContain('left real nodes behind that no longer run; clearing');
    // The clearing put the machine back exactly as it was before the killed nodes started.
    expect(started.output).not.toContain('the machine differs from the snapshot');
    expect(started.status, started.output).toBe(0);
    expect(script('status.sh').status).toBe(0);
    // The new nodes run the pod again, in a new container.
    const again = await eventually(
      runningContainer,
      (id) => id !== undefined && id !== first,
      120_000,
    );
    expect(again).not.toBe(first);
  });
});
