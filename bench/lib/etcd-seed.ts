// Bulk seeding straight into a test-bed member's etcd, for sizes the API server cannot take in
// reasonable time (a million objects at the ~100 POSTs/s a loaded member answers is hours).
// One object of each kind is created through the API first; its stored form (defaults, status)
// is the template of the rest, written as JSON (the API server's storage decoder reads JSON as
// well as protobuf) in transactions of up to 128 puts, the etcd default --max-txn-ops. The API
// server's watch of etcd then delivers them to its cache and to every watcher, the operator's
// index included, exactly as if they had been created through it. Not measured as an API rate.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, type Member } from './member.js';
import { benchNamespace, type ObjectKind } from './seed.js';

const txnOps = 128;

/** The member's etcd client URL, from the kwokctl configuration the test bed rendered. */
export function etcdUrlOf(root: string, memberName: string): string {
  const config = join(root, '.cache/testbed/kwok/clusters', memberName, 'kwok.yaml');
  const port = /^\s*etcdPort:\s*(\d+)\s*$/m.exec(readFileSync(config, 'utf8'))?.[1];
  if (!port) throw new Error(`${config}: no etcdPort`);
  return `http://127.0.0.1:${port}`;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const keyOf = (plural: string, name: string) => `/registry/${plural}/${benchNamespace}/${name}`;

async function etcd(url: string, path: string, body: unknown): Promise<unknown> {
  const answer = await fetch(new URL(path, url), { method: 'POST', body: JSON.stringify(body) });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`etcd ${path}: ${answer.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

type Stored = Record<string, unknown> & { metadata: Record<string, unknown> };

/** Object `i` from the template: name, labels and the authored fields that vary with `i`. */
function fromTemplate(template: Stored, kind: ObjectKind, i: number, created: string): Stored {
  const made = kind.make(i) as unknown as Stored;
  const object = structuredClone(template);
  object.metadata = {
    ...template.metadata,
    name: made.metadata.name,
    labels: made.metadata.labels,
    uid: randomUUID(),
    creationTimestamp: created,
  };
  delete object.metadata.resourceVersion;
  delete object.metadata.managedFields;
  if (kind.plural === 'configmaps') object.data = made.data;
  if (kind.plural === 'pods') {
    const spec = object.spec as { containers: Record<string, unknown>[] };
    const madeSpec = made.spec as { containers: Record<string, unknown>[] };
    spec.containers = spec.containers.map((c, n) => ({ ...c, env: madeSpec.containers[n]?.env }));
  }
  return object;
}

/**
 * Objects 0..count-1 of a kind in the bench namespace: object 0 through the API (the template),
 * the rest as etcd transactions, `inFlight` at a time. Returns ms taken until the API server
 * lists them all.
 */
export async function seedThroughEtcd(
  member: Member,
  etcdUrl: string,
  kind: ObjectKind,
  count: number,
  inFlight = 4,
): Promise<number> {
  const started = performance.now();
  const path = `/api/v1/namespaces/${benchNamespace}/${kind.plural}`;
  const first = kind.make(0);
  const created = await call(member, 'POST', path, first);
  if (created.status !== 201) throw new Error(`${member.name}: template ${created.status}`);
  const template = (await call(member, 'GET', `${path}/${first.metadata.name}`)).body as Stored;
  const timestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  let next = 1;
  const worker = async () => {
    while (next < count) {
      const from = next;
      next = Math.min(count, next + txnOps);
      const success = [];
      for (let i = from; i < next; i++) {
        const object = fromTemplate(template, kind, i, timestamp);
        const name = object.metadata.name as string;
        success.push({
          requestPut: { key: b64(keyOf(kind.plural, name)), value: b64(JSON.stringify(object)) },
        });
      }
      const answer = (await etcd(etcdUrl, '/v3/kv/txn', { success })) as Revisioned;
      lastRevision = Math.max(lastRevision, Number(answer.header?.revision ?? 0));
    }
  };
  let lastRevision = 0;
  await Promise.all(Array.from({ length: inFlight }, worker));
  await waitUntilListed(member, kind.plural, count, lastRevision);
  return performance.now() - started;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Revisioned {
  header?: { revision?: string };
}

/**
 * Until the member's API server lists, from its watch cache, `count` objects of the kind at
 * etcd revision `revision` or later: the cache takes minutes to take in half a million objects
 * written to etcd, and meanwhile answers such lists 504 ("Too large resource version"). (A list
 * without a resourceVersion may be read from etcd itself and proves nothing about the cache.)
 */
export async function waitUntilListed(
  member: Member,
  plural: string,
  count: number,
  revision: number,
) {
  const path = `/api/v1/namespaces/${benchNamespace}/${plural}?limit=1&resourceVersion=${revision}&resourceVersionMatch=NotOlderThan`;
  const deadline = Date.now() + 3_600_000;
  for (;;) {
    const answer = await call(member, 'GET', path).catch(() => ({ status: 0, body: {} }));
    const list = answer.body as { items?: unknown[]; metadata?: { remainingItemCount?: number } };
    const listed = (list.items?.length ?? 0) + (list.metadata?.remainingItemCount ?? 0);
    if (answer.status === 200 && listed >= count) return;
    if (Date.now() > deadline) throw new Error(`${member.name}: ${listed} of ${count} ${plural}`);
    await pause(2_000);
  }
}

/** Keys deleted per etcd request: 250,000 in one timed out on a loaded member (2026-12-06). */
const keysPerDelete = 10_000;

/**
 * Removes every ConfigMap and Pod of the bench namespace from etcd, `keysPerDelete` keys at a
 * time (the namespace controller deletes them one by one, which takes hours at a million); the
 * API server's watch passes the deletions on. The namespace itself is then deleted through the API.
 */
export async function clearThroughEtcd(etcdUrl: string, plurals: string[]): Promise<void> {
  for (const plural of plurals) {
    const prefix = keyOf(plural, '');
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    for (;;) {
      // The first keys of what is left, in key order: the delete ends just after the last.
      const { kvs } = (await etcd(etcdUrl, '/v3/kv/range', {
        key: b64(prefix),
        range_end: b64(end),
        keys_only: true,
        limit: keysPerDelete,
      })) as { kvs?: Array<{ key: string }> };
      const last = kvs?.at(-1)?.key;
      if (!last) break;
      const after = Buffer.concat([Buffer.from(last, 'base64'), Buffer.from([0])]);
      await etcd(etcdUrl, '/v3/kv/deleterange', {
        key: b64(prefix),
        range_end: after.toString('base64'),
      });
    }
  }
}
