// The bench's objects: N ConfigMaps in one namespace of a member, written with concurrent POSTs,
// and the namespace's removal (also when the bench fails).
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

async function namespaceGone(member: Member, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await call(member, 'GET', `/api/v1/namespaces/${benchNamespace}`)).status !== 404) {
    if (Date.now() > deadline) throw new Error(`${member.name}: ${benchNamespace} still exists`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Deletes the namespace; with `wait`, until it is gone (the namespace controller empties it). */
export async function removeNamespace(member: Member, wait = false): Promise<void> {
  await call(member, 'DELETE', `/api/v1/namespaces/${benchNamespace}`);
  if (wait) await namespaceGone(member, 600_000);
}

/** Creates the namespace afresh and `count` ConfigMaps, `inFlight` at a time; returns ms taken. */
export async function seed(member: Member, count: number, inFlight: number): Promise<number> {
  await removeNamespace(member, true);
  const created = await call(member, 'POST', '/api/v1/namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: benchNamespace },
  });
  if (created.status !== 201) throw new Error(`${member.name}: namespace ${created.status}`);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const path = `/api/v1/namespaces/${benchNamespace}/configmaps`;
      for (let attempt = 1; ; attempt++) {
        const answer = await call(member, 'POST', path, configMap(i)).catch(() => ({ status: 0 }));
        // 409: an earlier attempt that timed out on our side did create it.
        if (answer.status === 201 || (attempt > 1 && answer.status === 409)) break;
        // 429, 5xx or a reset connection under load: try again a little later, a few times.
        if (attempt >= 5) throw new Error(`${member.name}: create bench-${i}: ${answer.status}`);
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return performance.now() - started;
}
