// Renders the chart as `helm template` does for a real install, and picks objects out of it;
// the chart tests' shared helpers (run through hack/helm-check.sh, which sets the environment).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
export const chart = fileURLToPath(new URL('../../charts/nimbus', import.meta.url));
export const realInstall = fileURLToPath(new URL('./real-install.values.yaml', import.meta.url));
export const namespace = 'nimbus-system';

export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through hack/helm-check.sh`);
  return value;
}

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  [field: string]: unknown;
}

export interface Container {
  name: string;
  env?: { name: string; value?: string }[];
  volumeMounts?: { name: string; mountPath: string }[];
  command?: string[];
  securityContext?: Record<string, unknown>;
}

export interface PodSpec {
  containers: Container[];
  volumes?: { name: string; [source: string]: unknown }[];
  securityContext?: Record<string, unknown>;
  topologySpreadConstraints?: Record<string, unknown>[];
  enableServiceLinks?: boolean;
}

export function run(binary: string, args: string[], input?: string) {
  const result = spawnSync(join(env('NIMBUS_TESTBED_BIN'), binary), args, {
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export function template(args: string[]): { status: number; stdout: string; stderr: string } {
  // Without a cluster helm assumes an old Kubernetes; the test bed's is v1.36.
  return run('helm', [
    'template',
    'nimbus',
    chart,
    '--namespace',
    namespace,
    '--kube-version',
    '1.36.3',
    ...args,
  ]);
}

export function render(args: string[] = []): Manifest[] {
  const result = template(args);
  if (result.status !== 0) throw new Error(result.stderr);
  // YAML 1.1 as Kubernetes reads it (0440 is octal there).
  return parseAllDocuments(result.stdout, { version: '1.1', uniqueKeys: true })
    .map((document) => {
      if (document.errors.length > 0) throw new Error(document.errors.join('\n'));
      return document.toJS() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}

export function only(manifests: Manifest[], kind: string, name?: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind && (!name || m.metadata.name === name));
  if (found.length !== 1)
    throw new Error(`expected one ${kind} ${name ?? ''}, got ${found.length}`);
  return found[0] as Manifest;
}

/** The operator's workload: a StatefulSet, or with store postgres a Deployment. */
export function workloadOf(manifests: Manifest[]): Manifest {
  const workloads = manifests.filter((m) => m.kind === 'StatefulSet' || m.kind === 'Deployment');
  if (workloads.length !== 1) throw new Error(`expected one workload, got ${workloads.length}`);
  return workloads[0] as Manifest;
}

export function podSpecOf(manifests: Manifest[]): PodSpec {
  const workload = workloadOf(manifests) as Manifest & {
    spec: { template: { spec: PodSpec } };
  };
  return workload.spec.template.spec;
}

export function operatorEnv(manifests: Manifest[]): Record<string, string | undefined> {
  const container = podSpecOf(manifests).containers[0];
  return Object.fromEntries((container?.env ?? []).map((item) => [item.name, item.value]));
}
