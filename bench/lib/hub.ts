// kubectl against the test bed's hub (the test bed's pinned build), for the benches' set-up.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface Hub {
  kubectl(argv: string[], input?: string): string;
  /** Like kubectl, but a failure is only reported (clean-up goes on). */
  tryKubectl(argv: string[]): void;
  apply(items: object[], fieldManager: string): void;
  condition(resource: string, name: string, type: string): string | undefined;
}

export function testbedBin(root: string): string {
  return (
    process.env.NIMBUS_TESTBED_BIN ??
    execFileSync(join(root, 'hack/testbed/build.sh'), ['--print-only'], {
      encoding: 'utf8',
    }).trim()
  );
}

export function hubOf(root: string): Hub {
  const kubectlPath = join(testbedBin(root), 'kubectl');
  const kubeconfig = join(root, '.cache/testbed/nimbus-hub.kubeconfig');
  const run = (argv: string[], input?: string) =>
    spawnSync(kubectlPath, ['--kubeconfig', kubeconfig, ...argv], {
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
  const kubectl = (argv: string[], input?: string) => {
    const done = run(argv, input);
    if (done.status !== 0) throw new Error(`kubectl ${argv.join(' ')}: ${done.stderr}`);
    return done.stdout;
  };
  return {
    kubectl,
    tryKubectl(argv) {
      const done = run(argv);
      if (done.status !== 0) console.error(`kubectl ${argv.join(' ')}: ${done.stderr.trim()}`);
    },
    apply(items, fieldManager) {
      kubectl(
        ['apply', '--server-side', `--field-manager=${fieldManager}`, '-f', '-'],
        JSON.stringify({ apiVersion: 'v1', kind: 'List', items }),
      );
    },
    condition(resource, name, type) {
      const object = JSON.parse(kubectl(['get', resource, name, '-o', 'json'])) as {
        status?: { conditions?: Array<{ type: string; status: string }> };
      };
      return object.status?.conditions?.find((c) => c.type === type)?.status;
    },
  };
}
