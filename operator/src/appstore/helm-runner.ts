import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemberRefusal } from '@nimbus/api';
import type { UserMember } from '../k8s/member-access.js';
import { traced } from '../observability/tracing.js';
import { openHelmRelay } from './helm-relay.js';

export interface HelmResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The calls the member refused during the operation, oldest first. */
  refusals: MemberRefusal[];
}

export interface HelmRunOptions {
  /** The helm binary (NIMBUS_HELM_PATH). */
  helmPath: string;
  /** Files placed in the operation's private directory, by name (chart archive, values). */
  files?: Record<string, Buffer | string>;
  /** The whole operation is ended after this long. */
  timeoutMs?: number;
}

const defaultTimeoutMs = 10 * 60_000;
const maxOutputBytes = 4 * 1024 * 1024;

function kubeconfigFor(url: string, namespace: string): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'relay', cluster: { server: url } }],
    users: [{ name: 'caller', user: {} }],
    contexts: [{ name: 'relay', context: { cluster: 'relay', user: 'caller', namespace } }],
    'current-context': 'relay',
  });
}

/**
 * Runs `helm <args>` against a relay of its own: a private temporary directory holds Helm's
 * homes, the kubeconfig naming the relay's one-time address, and the operation's files;
 * everything goes when Helm exits. Helm sees no environment of the operator.
 */
export function runHelm(
  member: UserMember,
  namespace: string,
  args: (dir: string) => string[],
  options: HelmRunOptions,
): Promise<HelmResult> {
  const attributes = {
    'nimbus.cluster': member.cluster.metadata.name,
    'nimbus.namespace': namespace,
  };
  return traced('helm', attributes, async (span) => {
    const result = await runHelmOnRelay(
      member,
      namespace,
      (dir) => {
        const given = args(dir);
        span.updateName(`helm ${given[0] ?? ''}`.trim());
        return given;
      },
      options,
    );
    span.setAttribute('process.exit.code', result.code);
    return result;
  });
}

async function runHelmOnRelay(
  member: UserMember,
  namespace: string,
  args: (dir: string) => string[],
  options: HelmRunOptions,
): Promise<HelmResult> {
  const dir = await mkdtemp(join(tmpdir(), 'nimbus-helm-'));
  const relay = await openHelmRelay(member);
  try {
    const kubeconfig = join(dir, 'kubeconfig');
    await writeFile(kubeconfig, kubeconfigFor(relay.url, namespace), { mode: 0o600 });
    for (const [name, content] of Object.entries(options.files ?? {})) {
      await writeFile(join(dir, name), content, { mode: 0o600 });
    }
    const env = {
      PATH: '/usr/bin:/bin',
      HOME: dir,
      KUBECONFIG: kubeconfig,
      HELM_CACHE_HOME: join(dir, 'cache'),
      HELM_CONFIG_HOME: join(dir, 'config'),
      HELM_DATA_HOME: join(dir, 'data'),
      HELM_NAMESPACE: namespace,
    };
    return await new Promise<HelmResult>((resolve, reject) => {
      const child = spawn(options.helmPath, [...args(dir), '--namespace', namespace], {
        cwd: dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: options.timeoutMs ?? defaultTimeoutMs,
        killSignal: 'SIGKILL',
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let size = 0;
      const collect = (into: Buffer[]) => (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxOutputBytes) into.push(chunk);
      };
      child.stdout.on('data', collect(out));
      child.stderr.on('data', collect(err));
      child.on('error', reject);
      child.on('close', (code, signal) =>
        resolve({
          code: code ?? (signal ? 128 : 1),
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err)
            .toString('utf8')
            .replaceAll(relay.url, member.cluster.metadata.name),
          refusals: relay.refusals(),
        }),
      );
    });
  } finally {
    await relay.close();
    await rm(dir, { recursive: true, force: true });
  }
}
