// The bench's objects: ConfigMaps (and Pods no scheduler takes) in one namespace of a member,
// written with concurrent POSTs, and the namespace's removal (also when the bench fails).
import { call, type Member } from './member.js';

export const benchNamespace = 'nimbus-bench';

export function configMap(i: number) {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: `bench-${i}`,
      labels: { app: `app-${i % 100}`, shard: `s${i % 10}` },
    },
    data: { index: String(i), payload: 'x'.repeat(64) },
  };
}

/**
 * A Pod for a scheduler that does not exist: it stays Pending, unbound, so neither kwok nor the
 * test bed's real kubelet runs it and the namespace's deletion removes it at once.
 */
export function pendingPod(i: number) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `bench-pod-${i}`,
      labels: { app: `app-${i % 100}`, shard: `s${i % 10}` },
    },
    spec: {
      schedulerName: 'nimbus-bench-none',
      terminationGracePeriodSeconds: 0,
      automountServiceAccountToken: false,
      containers: [
        {
          name: 'main',
          image: 'registry.invalid/bench:1',
          env: [{ name: 'INDEX', value: String(i) }],
          resources: { requests: { cpu: '10m', memory: '16Mi' } },
        },
      ],
    },
  };
}

export interface ObjectKind {
  plural: 'configmaps' | 'pods';
  make: (i: number) => { metadata: { name: string } };
}
export const configMaps: ObjectKind = { plural: 'configmaps', make: configMap };
export const pendingPods: ObjectKind = { plural: 'pods', make: pendingPod };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(what);
    await pause(1000);
  }
}

/** Deletes the namespace; with `wait`, until it is gone (the namespace controller empties it). */
export async function removeNamespace(member: Member, wait = false): Promise<void> {
  const path = `/api/v1/namespaces/${benchNamespace}`;
  // A kept-alive connection the loaded API server closed fails once; the next call redials.
  const attempt = (method: string) => call(member, method, path).catch(() => ({ status: 0 }));
  if ((await attempt('DELETE')).status === 0) await attempt('DELETE');
  if (!wait) return;
  const gone = async () => (await attempt('GET')).status === 404;
  await until(`${member.name}: ${benchNamespace} still exists`, gone, 1_800_000);
}

/** The namespace afresh, once its default ServiceAccount exists (Pods are refused before). */
export async function freshNamespace(member: Member): Promise<void> {
  await removeNamespace(member, true);
  const created = await call(member, 'POST', '/api/v1/namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: benchNamespace },
  });
  if (created.status !== 201) throw new Error(`${member.name}: namespace ${created.status}`);
  const serviceAccount = `/api/v1/namespaces/${benchNamespace}/serviceaccounts/default`;
  const exists = async () => (await call(member, 'GET', serviceAccount)).status === 200;
  await until(`${member.name}: no default ServiceAccount`, exists, 60_000);
}

/** Creates objects 0..count-1 of a kind, `inFlight` at a time; returns ms taken. */
export async function createObjects(
  member: Member,
  kind: ObjectKind,
  count: number,
  inFlight: number,
): Promise<number> {
  const started = performance.now();
  const path = `/api/v1/namespaces/${benchNamespace}/${kind.plural}`;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const object = kind.make(next++);
      for (let attempt = 1; ; attempt++) {
        const answer = await call(member, 'POST', path, object).catch(() => ({ status: 0 }));
        // 409: an earlier attempt that timed out on our side did create it.
        if (answer.status === 201 || (attempt > 1 && answer.status === 409)) break;
        // 429, 5xx or a reset connection under load: try again a little later, a few times.
        if (attempt >= 5) {
          throw new Error(`${member.name}: create ${object.metadata.name}: ${answer.status}`);
        }
        await pause(200 * attempt);
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return performance.now() - started;
}

/** The namespace afresh and `count` ConfigMaps, `inFlight` at a time; returns ms taken. */
export async function seed(member: Member, count: number, inFlight: number): Promise<number> {
  await freshNamespace(member);
  return createObjects(member, configMaps, count, inFlight);
}
