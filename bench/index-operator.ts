// Issue 13's index bench against a started operator: N ConfigMaps and N Pods (Pending, for a
// scheduler that does not exist) in namespace nimbus-bench of each member, both members then
// registered as Clusters, and measured: the operator's initial sync rate (its /metrics object
// counts), its RSS from /proc and its SQLite file, the page-of-50 and search answers over HTTP
// as a user whose role lists only ConfigMaps and workloads, change → listed, the members' own
// API servers for the same reads, and member-a's list p99 through the operator while member-b's
// kube-apiserver is frozen with SIGSTOP (always resumed). Removes everything at the end.
// Objects are written straight into each member's etcd (--seed etcd, etcd-seed.ts) or POSTed.
// Run: npm run bench -- [--per-member 2000] [--seed etcd|api] [--in-flight 8] [--runs 30]
//      [--freeze-cycles 5] [--freeze-runs 300] [--freeze-window-s 6] [--quiet-below 0.3]
//      [--operator test]
//      [--url http://127.0.0.1:18080] [--docs docs/performance.md]
// The million: --per-member 250000 (250 000 ConfigMaps + 250 000 Pods in each of 2 members).
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeDocsBlock } from './lib/docs-block.js';
import { freezeApiServer } from './lib/freeze.js';
import { hubOf } from './lib/hub.js';
import * as people from './lib/index-iam.js';
import {
  indexReader,
  timeChangeToIndex,
  timeIndexReads,
  timeMemberReads,
} from './lib/index-http.js';
import { indexReport, type IndexRun } from './lib/index-report.js';
import {
  emptyAndRemoveNamespace,
  restartDeadComponents,
  seedMembers,
  setUpPeople,
  waitFor,
  wantedObjects,
} from './lib/index-setup.js';
import { machineQuiet } from './lib/machine-quiet.js';
import { call, onNewConnection, openMember, type Member } from './lib/member.js';
import { operatorApi, operatorUrlFromEnv } from './lib/operator-api.js';
import { operatorProcess } from './lib/operator-process.js';
import { sampleUsage } from './lib/process-usage.js';
import { sampleWithin, summarize, type Timing } from './lib/timing.js';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    'per-member': { type: 'string', default: '2000' },
    'in-flight': { type: 'string', default: '8' },
    seed: { type: 'string', default: 'etcd' },
    runs: { type: 'string', default: '30' },
    'freeze-runs': { type: 'string', default: '300' },
    'freeze-cycles': { type: 'string', default: '5' },
    'freeze-window-s': { type: 'string', default: '6' },
    // The share of both cores below which the machine counts as quiet before registering.
    'quiet-below': { type: 'string', default: '0.3' },
    operator: { type: 'string', default: 'test' },
    url: { type: 'string' },
    docs: { type: 'string' },
  },
});
const perMember = Number(args['per-member']);
const inFlight = Number(args['in-flight']);
if (args.seed !== 'etcd' && args.seed !== 'api') throw new Error('--seed is etcd or api');
const seedThrough = args.seed;
const runs = Number(args.runs);
const freezeRuns = Number(args['freeze-runs']);
const freezeCycles = Number(args['freeze-cycles']);
const freezeWindowMs = Number(args['freeze-window-s']) * 1000;
const quietBelow = Number(args['quiet-below']);
const api = operatorApi(operatorUrlFromEnv(args.url));
const operator = operatorProcess(root, args.operator);
const hub = hubOf(root);
const namespace = 'nimbus-system';
const memberNames = ['member-a', 'member-b'] as const;
const [steady, frozenMember] = memberNames;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const kubeconfigOf = (name: string) => join(root, '.cache/testbed', `${name}.kubeconfig`);
const members = await Promise.all(memberNames.map((n) => openMember(n, kubeconfigOf(n))));
const member = (name: string) => members.find((m) => m.name === name) as Member;
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    console.log('removing the bench Clusters, people and namespaces (waits until they are gone)');
    for (const argv of people.indexBenchRemovals) {
      hub.tryKubectl(['delete', ...argv, '--ignore-not-found']);
    }
    const started = performance.now();
    await Promise.all(members.map((m) => emptyAndRemoveNamespace(root, m)));
    console.log(`namespaces gone after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/** Registers both members and waits until the operator's index holds every bench object. */
async function registerAndSync(adminToken: string) {
  // Everything of the two kinds each member holds (the bench's objects and the test bed's own).
  const wanted = await wantedObjects(members);
  const sqliteBeforeMiB = operator.indexFileMiB();
  const gcBefore = await operator.majorCollections();
  const usage = sampleUsage(operator.pid);
  const started = performance.now();
  const synced: Record<string, number> = {};
  let loopLagMax = 0;
  let longestAtMs = 0;
  // Each scrape's longest delay: the longest alone is one moment of a busy machine.
  const loopLagScrapes: number[] = [];
  await Promise.all(
    memberNames.map(async (m) => {
      const cluster = people.indexBenchClusters[m];
      await api.call('POST', 'manage.nimbus.io/providers/ProviderKubeconfig/clusters', adminToken, {
        name: cluster,
        organizationId: people.indexBenchOrg,
        region: 'local',
        credentials: { kubeconfig: readFileSync(kubeconfigOf(m), 'utf8') },
      });
      await waitFor(
        `${cluster} indexed`,
        async () => {
          const now = await operator.indexedObjects().catch((error: unknown) => {
            operator.assertAlive();
            throw error;
          });
          const lag = operator.lastLoopLagMax();
          if (lag > loopLagMax) longestAtMs = performance.now() - started;
          loopLagMax = Math.max(loopLagMax, lag);
          loopLagScrapes.push(lag);
          return people.listableByReader.every(
            (kind) =>
              (now.get(`${cluster}/${kind}`) ?? 0) >= (wanted.get(`${cluster}/${kind}`) ?? 0),
          );
        },
        3_600_000,
        1_000,
      );
      synced[m] = performance.now() - started;
      console.log(`${cluster}: indexed after ${(synced[m] / 1000).toFixed(1)} s`);
    }),
  );
  const after = await operator.indexedObjects();
  const gcAfter = await operator.majorCollections();
  const objectsOf = (m: string) =>
    [...after]
      .filter(([key]) => key.startsWith(`${people.indexBenchClusters[m as 'member-a']}/`))
      .reduce((sum, [, n]) => sum + n, 0);
  return {
    usage: usage(),
    sqliteBeforeMiB,
    loopLagMaxSeconds: loopLagMax,
    loopLagScrapes: {
      count: loopLagScrapes.length,
      over100ms: loopLagScrapes.filter((seconds) => seconds > 0.1).length,
      longestAtSeconds: longestAtMs / 1000,
    },
    majorCollections: {
      count: gcAfter.count - gcBefore.count,
      seconds: gcAfter.seconds - gcBefore.seconds,
      over100ms: gcAfter.over100ms - gcBefore.over100ms,
    },
    sqliteAfterMiB: operator.indexFileMiB(),
    synced: memberNames.map((m) => ({ member: m, objects: objectsOf(m), ms: synced[m] ?? 0 })),
    indexedTotal: [...after.values()].reduce((sum, n) => sum + n, 0),
  };
}

/** Stops member-b's API server and checks that it is silent; the caller thaws it. */
async function freezeFrozenMember() {
  const frozen = freezeApiServer(root, frozenMember);
  try {
    // The freeze is real: the member's own readiness check gets no answer. It goes on a
    // connection of its own: a kept-alive one the server closed before it stopped would fail at
    // once, which says nothing about the freeze.
    const probe = call(onNewConnection(member(frozenMember)), 'GET', '/readyz').then(
      ({ status }) => `answered ${status}`,
      (error: unknown) => `failed (${error instanceof Error ? error.message : String(error)})`,
    );
    const said = await Promise.race([probe, pause(1_000).then(() => 'silent')]);
    if (said !== 'silent') throw new Error(`${frozenMember} was stopped, but its /readyz ${said}`);
    return frozen;
  } catch (error) {
    frozen.thaw();
    throw error;
  }
}

/**
 * Member-a's list through the operator (and the list of both clusters), with member-b answering
 * and with it frozen, in `freezeCycles` alternating windows: each freeze stays shorter than the
 * member's controller-manager lease deadline, and the pooled samples of many short windows make
 * a p99 that background noise affects alike on both sides.
 */
async function freezeComparison(reader: ReturnType<typeof indexReader>): Promise<Timing[]> {
  const cluster = people.indexBenchClusters[steady];
  const lists = {
    [`${cluster} page of 50`]: () => reader.list('configmaps', `cluster=${cluster}&pageSize=50`),
    'both clusters page of 50': () => reader.list('configmaps', 'pageSize=50'),
  };
  const samples = new Map<string, number[]>();
  const half = freezeWindowMs / 2;
  const measure = async (state: string) => {
    for (const [what, list] of Object.entries(lists)) {
      const label = `${what}, ${frozenMember} ${state}`;
      const taken = await sampleWithin(freezeRuns, half, list);
      samples.set(label, [...(samples.get(label) ?? []), ...taken]);
    }
  };
  console.log(
    `${freezeCycles} times: ${freezeWindowMs} ms with ${frozenMember} answering, then as long with its kube-apiserver stopped (SIGSTOP)`,
  );
  for (let cycle = 0; cycle < freezeCycles; cycle++) {
    await measure('answering');
    const frozen = await freezeFrozenMember();
    try {
      await measure('frozen');
    } finally {
      frozen.thaw();
    }
    // Time for the member's controllers to renew their leases before the next freeze.
    await pause(5_000);
  }
  console.log(`${frozenMember}: kube-apiserver resumed (SIGCONT)`);
  restartDeadComponents(root, memberNames);
  return [...samples].map(([label, taken]) => summarize(label, taken));
}

async function main(): Promise<IndexRun> {
  const loadAtStart = loadavg()[0] ?? 0;
  const benchStarted = performance.now();
  const tokens = await setUpPeople(hub, api, namespace, `bench-${Date.now().toString(36)}-1A`);
  const rates = await seedMembers(root, members, {
    perMember,
    through: seedThrough,
    inFlight,
  });
  const quiet = await machineQuiet(quietBelow);
  console.log(
    `cores ${(quiet.busy * 100).toFixed(0)} % busy over 5 s after ${quiet.waitedSeconds.toFixed(0)} s${quiet.reached ? '' : ' (limit reached, registering anyway)'}`,
  );
  console.log('registering both members; the operator syncs them into its index');
  const sync = await registerAndSync(tokens.admin);
  const rssAfterSync = sampleUsage(operator.pid)().rssAfterMiB;
  const reader = indexReader(api, tokens.reader);
  const probe = Math.floor(perMember * 0.4242);
  console.log('over HTTP as the reader: pages, filters, search; then the members themselves');
  const http = await timeIndexReads(reader, runs, probe);
  const changes = [
    await timeChangeToIndex(member(steady), reader, 'configmaps', 'bench-7', Math.min(runs, 20)),
    await timeChangeToIndex(member(steady), reader, 'pods', 'bench-pod-7', Math.min(runs, 20)),
  ];
  const baseline = (await Promise.all(members.map((m) => timeMemberReads(m, runs)))).flat();
  const freeze = await freezeComparison(reader);
  return {
    when: new Date().toISOString(),
    machine: `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
    load: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    quiet: { ...quiet, below: quietBelow },
    perMember,
    inFlight,
    argv: process.argv.slice(2).join(' '),
    rates,
    sync: sync.synced,
    indexedTotal: sync.indexedTotal,
    rss: { ...sync.usage, afterQueriesMiB: sampleUsage(operator.pid)().rssAfterMiB, rssAfterSync },
    loopLagMaxSeconds: sync.loopLagMaxSeconds,
    loopLagScrapes: sync.loopLagScrapes,
    majorCollections: sync.majorCollections,
    sqlite: { beforeMiB: sync.sqliteBeforeMiB, afterMiB: sync.sqliteAfterMiB },
    http: [...http, ...changes],
    baseline,
    freeze,
    wholeSeconds: (performance.now() - benchStarted) / 1000,
  };
}

try {
  const run = await main().catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  });
  const report = indexReport(run);
  console.log(`\n${report}\n`);
  if (args.docs) writeDocsBlock(args.docs, 'index-operator', 'A million indexed objects', report);
} finally {
  await cleanUp();
}
