// End-to-end index numbers against the test bed: N ConfigMaps in namespace nimbus-bench of each
// member, the real watch loops (operator/src/index, over the operator's own connection code)
// syncing them into a temporary SQLite file, list/search latency on that index, and
// `kubectl get --raw` on the same objects in the same run. Deletes the namespaces at the end.
// Run: npm run bench -- [--per-member 50000] [--in-flight 32] [--runs 30] [--docs docs/performance.md]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { findIndexedKind } from '../operator/src/index/kinds.js';
import { IndexStore } from '../operator/src/index/store.js';
import { everyKindIn } from '../operator/src/index/testing/scope.js';
import { WatchLoop } from '../operator/src/index/watch-loop.js';
import { kubectlBaseline } from './lib/baseline.js';
import { call, openMember, type Member } from './lib/member.js';
import { printResults, writeDocs, type Rate, type Results } from './lib/report.js';
import { benchNamespace, removeNamespace, seed } from './lib/seed.js';
import { time, type Timing } from './lib/timing.js';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    'per-member': { type: 'string', default: '50000' },
    'in-flight': { type: 'string', default: '8' },
    runs: { type: 'string', default: '30' },
    docs: { type: 'string' },
  },
});
const perMember = Number(args['per-member']);
const inFlight = Number(args['in-flight']);
const runs = Number(args.runs);
const testbedBin =
  process.env.NIMBUS_TESTBED_BIN ??
  execFileSync(join(root, 'hack/testbed/build.sh'), ['--print-only'], { encoding: 'utf8' }).trim();
const configmaps = (() => {
  const kind = findIndexedKind('configmaps');
  if (!kind) throw new Error('configmaps are not an indexed kind');
  return kind;
})();

const members = await Promise.all(
  ['member-a', 'member-b'].map((name) =>
    openMember(name, join(root, '.cache/testbed', `${name}.kubeconfig`)),
  ),
);
const scratch = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
const store = IndexStore.open(join(scratch, 'index.sqlite'));
const loops: WatchLoop[] = [];
const benchStarted = performance.now();
const loadAtStart = loadavg()[0] ?? 0;

let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    store.close();
    rmSync(scratch, { recursive: true, force: true });
    console.log(`deleting namespace ${benchNamespace} in both members (waits until it is gone)`);
    const started = performance.now();
    await Promise.all(members.map((member) => removeNamespace(member, true)));
    console.log(`namespaces gone after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

async function until(check: () => boolean, what: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

async function environment(): Promise<Record<string, string>> {
  const version = (await call(members[0] as Member, 'GET', '/version')).body as {
    gitVersion?: string;
  };
  const sqlite = new DatabaseSync(':memory:');
  const { v } = sqlite.prepare('SELECT sqlite_version() AS v').get() as { v: string };
  sqlite.close();
  const testbed = readFileSync(join(root, 'hack/testbed/versions.env'), 'utf8');
  const pinned = (key: string) => new RegExp(`^${key}=(\\S+)`, 'm').exec(testbed)?.[1] ?? '?';
  return {
    Machine: `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
    Versions: `Node ${process.versions.node}, SQLite ${v}, kube-apiserver ${version.gitVersion ?? '?'}, kwok ${pinned('KWOK_VERSION')}, etcd ${pinned('ETCD_VERSION')}`,
    Objects: `${perMember.toLocaleString('en')} ConfigMaps in ${benchNamespace} of each of ${members.length} members`,
  };
}

async function main(): Promise<Results> {
  const rates: Rate[] = [];
  for (const member of members) {
    console.log(`${member.name}: creating ${perMember} ConfigMaps, ${inFlight} in flight`);
    const ms = await seed(member, perMember, inFlight);
    rates.push({
      label: `${member.name}: create (POST, ${inFlight} in flight)`,
      objects: perMember,
      ms,
    });
  }

  const mib = (bytes: number) => bytes / 1024 / 1024;
  const rssBeforeSync = mib(process.memoryUsage().rss);
  let peakRss = rssBeforeSync;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, mib(process.memoryUsage().rss));
  }, 50);
  console.log('index: initial sync of both members (list in pages of 500, then watch)');
  const synced = members.map((member) => {
    const loop = new WatchLoop({
      cluster: member.name,
      kind: configmaps,
      transport: member.transport,
      sink: store,
      onError: (error) => console.error(`${member.name}: index loop: ${String(error)}`),
    });
    loops.push(loop);
    return { member, loop };
  });
  loops.forEach((loop) => loop.start());
  const syncTimes = await Promise.all(
    synced.map(({ member, loop }) =>
      until(() => loop.stats.synced, `${member.name} sync`, 600_000),
    ),
  );
  clearInterval(sampler);
  const memory = [
    { label: 'before the initial sync (after seeding)', mib: rssBeforeSync },
    // The operator's budget (docs/performance.md): 300 MiB with 100 000 indexed objects.
    { label: 'peak during the initial sync of both members', mib: peakRss, budgetMib: 300 },
    { label: 'after the sync', mib: mib(process.memoryUsage().rss) },
  ];
  let total = 0;
  synced.forEach(({ member }, i) => {
    const objects = store.count(member.name, 'configmaps');
    total += objects;
    rates.push({ label: `${member.name}: index initial sync`, objects, ms: syncTimes[i] ?? 0 });
  });
  rates.push({
    label: 'both members: index initial sync (concurrent)',
    objects: total,
    ms: Math.max(...syncTimes),
  });
  const indexFile = join(scratch, 'index.sqlite');
  const fileMib = (path: string) => (existsSync(path) ? statSync(path).size / 2 ** 20 : 0);
  const sqliteMib = fileMib(indexFile) + fileMib(`${indexFile}-wal`);

  const scope = members.map((member) => everyKindIn(member.name));
  const kinds = ['configmaps'];
  // A change made through the member API, until the watch has put it in the index.
  const [first] = members as [Member];
  const bench7 = { scope: [everyKindIn(first.name, [benchNamespace])], kinds };
  let n = 0;
  console.log(`index: ${total} objects synced; timing a followed change, then queries`);
  const follow = await time(
    'PATCH on member-a until indexed (watch)',
    Math.min(runs, 20),
    async () => {
      const path = `/api/v1/namespaces/${benchNamespace}/configmaps/bench-7`;
      const answer = await call(
        first,
        'PATCH',
        path,
        { data: { index: `p${n++}` } },
        'application/merge-patch+json',
      );
      const rv = (answer.body as { metadata?: { resourceVersion?: string } }).metadata
        ?.resourceVersion;
      // 'bench-7' sorts first of the names containing it.
      const indexed = () =>
        store.list({ ...bench7, nameContains: 'bench-7', limit: 1 }).items[0]?.resourceVersion;
      await until(() => indexed() === rv, 'the patch in the index', 10_000);
    },
  );

  let deep: string | undefined;
  for (let page = 0; page < 200; page++) {
    deep = store.list({ scope, kinds, limit: 50, after: deep }).nextCursor;
  }
  const index: Timing[] = [
    await time('first page of 50', runs, () => store.list({ scope, kinds, limit: 50 })),
    await time('page 201 of 50 (keyset cursor)', runs, () =>
      store.list({ scope, kinds, limit: 50, after: deep }),
    ),
    await time('first page of 500', runs, () => store.list({ scope, kinds, limit: 500 })),
    await time(`namespace ${benchNamespace}, page of 50`, runs, () =>
      store.list({ scope, kinds, namespaces: [benchNamespace], limit: 50 }),
    ),
    await time('label app:app-42, page of 50', runs, () =>
      store.list({ scope, kinds, labels: ['app:app-42'], limit: 50 }),
    ),
    await time('name contains "bench-4242", page of 50', runs, () =>
      store.list({ scope, kinds, nameContains: 'bench-4242', limit: 50 }),
    ),
    await time('search "bench-4242" (trigram)', runs, () =>
      store.search({ text: 'bench-4242', scope }),
    ),
    follow,
  ];

  console.log('baseline: kubectl get --raw on the same objects');
  const baseline: Timing[] = [];
  const notes: string[] = [];
  for (const member of members) {
    const result = await kubectlBaseline(
      join(testbedBin, 'kubectl'),
      member.kubeconfig,
      member.name,
      Math.min(runs, 10),
    );
    baseline.push(
      ...result.timings.filter((t) => !t.label.startsWith('kubectl version') || member === first),
    );
    if (result.listed < perMember)
      throw new Error(`${member.name}: kubectl listed ${result.listed}`);
  }
  notes.push(
    `Index figures are in-process IndexStore calls (what a /crd.{host} list runs, without HTTP and the caller-rights lookup); the index also holds every other ConfigMap of the members.`,
    `kubectl figures include starting the kubectl process (see "process start only").`,
    `SQLite index file after the sync (database and WAL): ${sqliteMib.toFixed(0)} MiB for ${total.toLocaleString('en')} objects.`,
    `Machine load: 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end (other work shares the 2 cores).`,
    `Whole bench run: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s before clean-up.`,
  );
  return {
    when: new Date().toISOString(),
    environment: await environment(),
    rates,
    memory,
    index,
    baseline,
    notes,
  };
}

try {
  const results = await main();
  printResults(results);
  if (args.docs) writeDocs(resolve(root, args.docs), results);
} finally {
  await cleanUp();
}
