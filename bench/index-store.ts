// The index stores alone (no API server), SQLite and PostgreSQL in the same run: the write rate of
// a relist in pages of 500, and p50/p95 of a first page, a page deep in the keyset, a
// namespace-limited page, label filters (few and many matches), a name substring, a search and
// the label counts, over N pods in two clusters, each written in its API server's list order
// (docs/performance.md "The index stores side by side"). PostgreSQL is Debian's, started for the run with durability off (as the unit tier's),
// so its writes are a best case; SQLite writes a WAL file with synchronous=NORMAL.
// Run: npx tsx bench/index-store.ts [--objects 200000] [--runs 40] [--stores sqlite,postgres]
//   [--docs docs/performance.md]
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { indexMigrations } from '../operator/src/index/postgres-schema.js';
import { PostgresIndexStore } from '../operator/src/index/postgres-store.js';
import { IndexStore } from '../operator/src/index/store.js';
import { everyKindIn } from '../operator/src/index/testing/scope.js';
import type { KubeObject } from '../operator/src/index/trim.js';
import { createLogger } from '../operator/src/logger.js';
import { migrateSchema } from '../operator/src/postgres/migrate.js';
import { openPostgresPool } from '../operator/src/postgres/pool.js';
import { startPostgres } from '../operator/src/testing/postgres-server.js';
import { writeDocsBlock } from './lib/docs-block.js';
import { time, type Timing } from './lib/timing.js';

const { values: args } = parseArgs({
  options: {
    objects: { type: 'string', default: '200000' },
    runs: { type: 'string', default: '40' },
    docs: { type: 'string' },
    // e.g. --stores sqlite: one store alone, for a comparison of two versions of it.
    stores: { type: 'string', default: 'sqlite,postgres' },
  },
});
const total = Number(args.objects);
const runs = Number(args.runs);
const pageSize = 500;
const namespaces = 50;

const podName = (i: number): string => `app-${i % 997}-${i.toString(36)}`;
/** A name the search looks for: its start (`app-`) is in every row, its end in a few. */
const onePod = podName(Math.floor(total * 0.4242));

/** A uid as an API server makes them (a random UUID), the same for `i` in every run. */
const podUid = (i: number): string => {
  const hex = createHash('sha256').update(String(i)).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

function pod(i: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: podName(i),
      namespace: `ns-${i % namespaces}`,
      uid: podUid(i),
      resourceVersion: String(i),
      creationTimestamp: new Date(1_700_000_000_000 + i * 1000).toISOString(),
      labels: { app: `app-${i % 997}`, tier: i % 2 ? 'web' : 'db' },
    },
    spec: { nodeName: `node-${i % 20}`, containers: [{ name: 'main', image: 'nginx:1.27' }] },
    status: { phase: 'Running' },
  };
}

type Store = IndexStore | PostgresIndexStore;

interface Measured {
  name: string;
  writesPerSecond: number;
  timings: Timing[];
}

/**
 * The indexes of a cluster's pods in the order its API server lists them: by namespace, then by
 * name (etcd's key order), as a relist writes them.
 */
function* listOrder(from: number, to: number): Generator<number> {
  const spaces = Array.from({ length: namespaces }, (_, n) => n).sort((a, b) =>
    `ns-${a}` < `ns-${b}` ? -1 : 1,
  );
  for (const n of spaces) {
    const first = from + ((n - (from % namespaces) + namespaces) % namespaces);
    const members: number[] = [];
    for (let i = first; i < to; i += namespaces) members.push(i);
    const names = new Map(members.map((i) => [i, podName(i)]));
    members.sort((a, b) => ((names.get(a) ?? '') < (names.get(b) ?? '') ? -1 : 1));
    yield* members;
  }
}

/** Both clusters' pods written as relists of pages, as the watch loops write them. */
async function fill(store: Store): Promise<number> {
  const started = performance.now();
  for (const [cluster, from] of [
    ['member-a', 0],
    ['member-b', Math.floor(total / 2)],
  ] as const) {
    const to = cluster === 'member-a' ? Math.floor(total / 2) : total;
    const relist = store.beginRelist(cluster, 'pods');
    let page: KubeObject[] = [];
    for (const i of listOrder(from, to)) {
      page.push(pod(i));
      if (page.length === pageSize) {
        await relist.add(page);
        page = [];
      }
    }
    if (page.length > 0) await relist.add(page);
    await relist.finish();
  }
  return total / ((performance.now() - started) / 1000);
}

async function measure(
  name: string,
  store: Store,
  afterFill?: () => Promise<unknown>,
): Promise<Measured> {
  const writesPerSecond = await fill(store);
  await afterFill?.();
  const scope = [everyKindIn('member-a'), everyKindIn('member-b')];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    cursor = (await store.list({ scope, kinds: ['pods'], limit: 50, after: cursor })).nextCursor;
  }
  const pods = { scope, kinds: ['pods'] };
  const timings = [
    await time('first page of 50, both clusters', runs, () => store.list({ ...pods, limit: 50 })),
    await time('page 101 of 50 (keyset)', runs, () =>
      store.list({ ...pods, limit: 50, after: cursor }),
    ),
    await time('page of 50, two namespaces allowed', runs, () =>
      store.list({ scope: [everyKindIn('member-a', ['ns-3', 'ns-4'])], kinds: ['pods'] }),
    ),
    await time('label app:app-42 (0.1 % of objects)', runs, () =>
      store.list({ ...pods, labels: ['app:app-42'] }),
    ),
    await time('label tier:web (half of them)', runs, () =>
      store.list({ ...pods, labels: ['tier:web'] }),
    ),
    await time('name contains "p-42-"', runs, () => store.list({ ...pods, nameContains: 'p-42-' })),
    await time('search "app-99"', runs, () => store.search({ text: 'app-99', scope })),
    await time(`search "${onePod}" (one name)`, runs, () => store.search({ text: onePod, scope })),
    await time('label counts, whole scope', Math.min(runs, 10), () => store.labels({ scope })),
  ];
  console.log(`${name}: ${Math.round(writesPerSecond).toLocaleString('en')} objects/s written`);
  for (const t of timings)
    console.log(`  ${t.label}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`);
  return { name, writesPerSecond, timings };
}

async function onSqlite(): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-index-'));
  const store = IndexStore.open(join(dir, 'index.sqlite'));
  try {
    return await measure('SQLite', store);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Measured> {
  const server = startPostgres();
  const logger = createLogger('silent');
  const pool = openPostgresPool({ url: server.url }, logger);
  try {
    await migrateSchema(pool, indexMigrations, logger);
    // Statistics as autovacuum would have them within a minute of a large write.
    return await measure('PostgreSQL', new PostgresIndexStore(pool), () =>
      pool.query('ANALYZE index_objects'),
    );
  } finally {
    await pool.end();
    server.stop();
  }
}

const stores = { sqlite: onSqlite, postgres: onPostgres };
const measured: Measured[] = [];
for (const name of args.stores.split(',')) {
  const run = stores[name as keyof typeof stores];
  if (!run) throw new Error(`--stores: ${name} is not sqlite or postgres`);
  measured.push(await run());
}
const ms = (value: number) => value.toFixed(1);
const header = `| ${total.toLocaleString('en')} pods, 2 clusters | ${measured.map((m) => `${m.name} p50 | p95`).join(' | ')} |`;
const rows = [
  header,
  `|---|${measured.map(() => '---|---').join('|')}|`,
  `| written as relists of ${pageSize} (objects/s) | ${measured
    .map((m) => `${Math.round(m.writesPerSecond).toLocaleString('en')} | –`)
    .join(' | ')} |`,
  ...(measured[0]?.timings ?? []).map(
    (timing, at) =>
      `| ${timing.label} (ms) | ${measured
        .map((m) => `${ms(m.timings[at]?.p50 ?? NaN)} | ${ms(m.timings[at]?.p95 ?? NaN)}`)
        .join(' | ')} |`,
  ),
];
const table = rows.join('\n');
console.log(`\n${table}`);
if (args.docs) {
  writeDocsBlock(args.docs, `index-stores-${total}`, 'The index stores side by side', table);
}
