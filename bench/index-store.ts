// Synthetic numbers for the index store alone (no API server): write rate, a list page deep in
// the keyset, a namespace-limited page and a trigram search over N objects.
// Run: npx tsx bench/index-store.ts [objects]   (from the repository root)
import { IndexStore } from '../operator/src/index/store.js';
import { everyKindIn } from '../operator/src/index/testing/scope.js';
import type { KubeObject } from '../operator/src/index/trim.js';

const total = Number(process.argv[2] ?? 100_000);
const store = IndexStore.open(':memory:');

function pod(i: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `app-${i % 997}-${i.toString(36)}`,
      namespace: `ns-${i % 50}`,
      uid: `uid-${i}`,
      resourceVersion: String(i),
      creationTimestamp: new Date(1_700_000_000_000 + i * 1000).toISOString(),
      labels: { app: `app-${i % 997}`, tier: i % 2 ? 'web' : 'db' },
    },
    spec: { nodeName: `node-${i % 20}`, containers: [{ name: 'main', image: 'nginx:1.27' }] },
    status: { phase: 'Running' },
  };
}

function time(label: string, work: () => unknown, runs = 20): void {
  work();
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    work();
  }
  console.log(`${label}: ${((performance.now() - started) / runs).toFixed(2)} ms`);
}

const objects = Array.from({ length: total }, (_, i) => pod(i));
const writeStart = performance.now();
store.replaceAll('member-a', 'pods', objects.slice(0, total / 2));
store.replaceAll('member-b', 'pods', objects.slice(total / 2));
const writeMs = performance.now() - writeStart;
console.log(
  `replaceAll ${total} objects: ${writeMs.toFixed(0)} ms (${Math.round(total / (writeMs / 1000))}/s)`,
);

const scope = [everyKindIn('member-a'), everyKindIn('member-b')];
let cursor: string | undefined;
for (let page = 0; page < 100; page++) {
  cursor = store.list({ scope, kinds: ['pods'], limit: 50, after: cursor }).nextCursor;
}
time('first page of 50, both clusters', () => store.list({ scope, kinds: ['pods'], limit: 50 }));
time('page 101 of 50 (keyset)', () =>
  store.list({ scope, kinds: ['pods'], limit: 50, after: cursor }),
);
time('page of 50, two namespaces allowed', () =>
  store.list({ scope: [everyKindIn('member-a', ['ns-3', 'ns-4'])], kinds: ['pods'] }),
);
time('label app:app-42', () => store.list({ scope, kinds: ['pods'], labels: ['app:app-42'] }));
time('name contains "p-42-"', () => store.list({ scope, kinds: ['pods'], nameContains: 'p-42-' }));
time('search "app-99"', () => store.search({ text: 'app-99', scope }));
store.close();
