// Issue 26's bench of the stores through the operator, in one run: the same members' objects
// (N ConfigMaps and N Pods in each member, as bench/index-operator.ts seeds them) indexed first by
// one replica on its SQLite file, then by three replicas on one PostgreSQL database (Debian's,
// started for the run). For each: the sync rate summed over the replicas, the watches each member
// serves for them, each replica's RSS and CPU per synced object, and the reader's pages, filters
// and search over HTTP from every replica. Needs the test bed and no other operator running
// (`hack/operator.sh stop test`): every replica started here syncs the registered members.
// `--registrations R` registers each member R times, so that the index holds R times what the
// members do: issue 26 asks for 2,000,000 objects across several registrations, more than the
// test bed's members hold in memory (docs/performance.md, "Two million objects").
// Run: npm run bench:shared -- [--per-member 2000] [--registrations 1] [--replicas 3] [--runs 30]
//   [--docs FILE]
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgres } from '../operator/src/testing/postgres-server.js';
import { writeDocsBlock } from './lib/docs-block.js';
import { hubOf } from './lib/hub.js';
import { indexReader, timeIndexReads } from './lib/index-http.js';
import * as people from './lib/index-iam.js';
import {
  emptyAndRemoveNamespace,
  seedMembers,
  setUpPeople,
  signInPeople,
  waitFor,
  wantedObjects,
} from './lib/index-setup.js';
import { call, openMember, type Member } from './lib/member.js';
import { operatorApi } from './lib/operator-api.js';
import { operatorProcess, type OperatorProcess } from './lib/operator-process.js';
import { sampleUsage, type Usage } from './lib/process-usage.js';
import type { Timing } from './lib/timing.js';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    'per-member': { type: 'string', default: '2000' },
    registrations: { type: 'string', default: '1' },
    replicas: { type: 'string', default: '3' },
    runs: { type: 'string', default: '30' },
    'first-port': { type: 'string', default: '18190' },
    docs: { type: 'string' },
  },
});
const perMember = Number(args['per-member']);
const registrations = Number(args.registrations);
const replicaCount = Number(args.replicas);
const runs = Number(args.runs);
const firstPort = Number(args['first-port']);
const hub = hubOf(root);
const namespace = 'nimbus-system';
const memberNames = ['member-a', 'member-b'] as const;
const kubeconfigOf = (name: string) => join(root, '.cache/testbed', `${name}.kubeconfig`);
const members = await Promise.all(memberNames.map((n) => openMember(n, kubeconfigOf(n))));
const registrationsOf = (m: (typeof memberNames)[number]) =>
  people.indexBenchRegistrations(m, registrations);
const benchClusters = memberNames.flatMap(registrationsOf);
const password = `bench-${randomBytes(6).toString('hex')}-1A`;

interface Phase {
  name: string;
  replicas: number;
  env: Record<string, string>;
}

interface Replica {
  name: string;
  process: OperatorProcess;
  url: string;
}

interface PhaseResult {
  name: string;
  replicas: number;
  objects: number;
  syncSeconds: number;
  watches: Record<string, number>;
  usage: Usage[];
  rssAfterQueriesMiB: number[];
  reads: Timing[][];
}

function operatorSh(action: 'start' | 'stop', name: string, port: number, env = {}) {
  const done = spawnSync(join(root, 'hack/operator.sh'), [action, name, String(port)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (done.status !== 0) throw new Error(`hack/operator.sh ${action} ${name} failed`);
}

function running(name: string): boolean {
  const pidFile = join(root, '.cache/operator', name, 'pid');
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 0);
    return true;
  } catch {
    return false;
  }
}

/** Watches the member's API server is serving now, of any client (its own gauge). */
async function watchesOn(m: Member): Promise<number> {
  const answer = await call(m, 'GET', '/metrics');
  const text = typeof answer.body === 'string' ? answer.body : '';
  let sum = 0;
  for (const [, labels = '', value] of text.matchAll(
    /^apiserver_longrunning_requests\{([^}]*)\} (\S+)$/gm,
  )) {
    if (labels.includes('verb="WATCH"')) sum += Number(value);
  }
  return sum;
}

/** Every bench object of the reader's kinds is in the index the replicas report together. */
async function indexedTogether(replicas: Replica[], wanted: Map<string, number>) {
  const together = new Map<string, number>();
  for (const replica of replicas) {
    const counts = await replica.process.indexedObjects().catch((error: unknown) => {
      replica.process.assertAlive();
      throw error;
    });
    for (const [key, n] of counts) together.set(key, (together.get(key) ?? 0) + n);
  }
  const done = [...wanted].every(([key, n]) => (together.get(key) ?? 0) >= n);
  return {
    done,
    objects: [...wanted.keys()].reduce((sum, key) => sum + (together.get(key) ?? 0), 0),
  };
}

async function register(adminToken: string, url: string) {
  const api = operatorApi(url);
  for (const m of memberNames) {
    for (const name of registrationsOf(m)) {
      await api.call('POST', 'manage.nimbus.io/providers/ProviderKubeconfig/clusters', adminToken, {
        name,
        organizationId: people.indexBenchOrg,
        region: 'local',
        credentials: { kubeconfig: readFileSync(kubeconfigOf(m), 'utf8') },
      });
    }
  }
}

/** What each registration must index: its member's objects, by `<registration>/<kind>`. */
function wantedOfRegistrations(ofMembers: Map<string, number>): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const m of memberNames) {
    const first = people.indexBenchClusters[m];
    for (const [key, n] of ofMembers) {
      if (!key.startsWith(`${first}/`)) continue;
      const kind = key.slice(first.length + 1);
      for (const name of registrationsOf(m)) wanted.set(`${name}/${kind}`, n);
    }
  }
  return wanted;
}

function unregister() {
  hub.tryKubectl([
    'delete',
    'clusters.nimbus.io',
    ...benchClusters,
    '--ignore-not-found',
    '--wait=true',
    '--timeout=600s',
  ]);
}

async function runPhase(phase: Phase, wanted: Map<string, number>, at: number) {
  const replicas: Replica[] = [];
  // Ports of their own: fetch keeps connections to the previous phase's replicas, now gone.
  const base = firstPort + at * 10;
  try {
    for (let i = 0; i < phase.replicas; i++) {
      const name = `bench-${phase.name.toLowerCase()}-${i}`;
      operatorSh('start', name, base + i, phase.env);
      replicas.push({
        name,
        process: operatorProcess(root, name),
        url: `http://127.0.0.1:${base + i}`,
      });
    }
    const [leader] = replicas as [Replica];
    const tokens =
      at === 0
        ? await setUpPeople(hub, operatorApi(leader.url), namespace, password, benchClusters)
        : await signInPeople(operatorApi(leader.url), password);
    const before = await Promise.all(members.map(watchesOn));
    const samples = replicas.map((replica) => sampleUsage(replica.process.pid));
    const started = performance.now();
    console.log(
      `${phase.name}: registering both members ${registrations} time(s) with ${phase.replicas} replica(s)`,
    );
    await register(tokens.admin, leader.url);
    let objects = 0;
    await waitFor(
      `${phase.name}: every bench object indexed`,
      async () => {
        const state = await indexedTogether(replicas, wanted);
        objects = state.objects;
        return state.done;
      },
      3_600_000,
      1_000,
    );
    const syncSeconds = (performance.now() - started) / 1000;
    const usage = samples.map((stop) => stop());
    console.log(`${phase.name}: ${objects} objects indexed in ${syncSeconds.toFixed(1)} s`);
    const after = await Promise.all(members.map(watchesOn));
    const reads: Timing[][] = [];
    const probe = Math.floor(perMember * 0.4242);
    for (const replica of replicas) {
      const reader = (await signInPeople(operatorApi(replica.url), password)).reader;
      console.log(`${phase.name}: reads over HTTP from ${replica.name}`);
      reads.push(await timeIndexReads(indexReader(operatorApi(replica.url), reader), runs, probe));
    }
    const result: PhaseResult = {
      name: phase.name,
      replicas: phase.replicas,
      objects,
      syncSeconds,
      watches: Object.fromEntries(
        memberNames.map((m, i) => [m, (after[i] ?? 0) - (before[i] ?? 0)]),
      ),
      usage,
      rssAfterQueriesMiB: replicas.map((replica) => sampleUsage(replica.process.pid)().rssAfterMiB),
      reads,
    };
    unregister();
    return result;
  } finally {
    for (const [i, replica] of replicas.entries()) operatorSh('stop', replica.name, base + i);
  }
}

const en = (n: number) => Math.round(n).toLocaleString('en');
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

function report(results: PhaseResult[], load: { start: number; end: number }): string {
  const sync = [
    '| Store | Replicas | Objects synced | Seconds | Objects/s (all replicas) | Watches opened on member-a / member-b | RSS after the sync, per replica (MiB) | CPU per synced object (µs, all replicas) |',
    '|---|---:|---:|---:|---:|---|---|---:|',
    ...results.map((r) => {
      const cpu = r.usage.reduce((sum, u) => sum + u.cpuSeconds, 0);
      return `| ${r.name} | ${r.replicas} | ${en(r.objects)} | ${r.syncSeconds.toFixed(1)} | ${en(r.objects / r.syncSeconds)} | ${r.watches['member-a']} / ${r.watches['member-b']} | ${r.usage.map((u) => en(u.rssAfterMiB)).join(', ')} | ${en((cpu / Math.max(1, r.objects)) * 1e6)} |`;
    }),
  ];
  const columns = results.flatMap((r) => r.reads.map((_, i) => `${r.name} ${i} p95`));
  const labels = results[0]?.reads[0]?.map((t) => t.label) ?? [];
  const reads = [
    `| Over HTTP as the reader (${runs} runs) | ${columns.join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
    ...labels.map(
      (label, at) =>
        `| ${label} (ms) | ${results.flatMap((r) => r.reads.map((t) => ms(t[at]?.p95 ?? Number.NaN))).join(' | ')} |`,
    ),
  ];
  const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${load.start.toFixed(1)} at the start and ${load.end.toFixed(1)} at the end`;
  return [
    `${en(perMember)} ConfigMaps and ${en(perMember)} Pods in each of two members${registrations > 1 ? `, each member registered ${registrations} times` : ''} (${new Date().toISOString().slice(0, 10)}, ${machine}).`,
    '',
    ...sync,
    '',
    ...reads,
  ].join('\n');
}

async function main() {
  for (const name of ['test', 'dev']) {
    if (running(name)) {
      throw new Error(`the operator "${name}" is running: stop it (hack/operator.sh stop ${name})`);
    }
  }
  const loadAtStart = loadavg()[0] ?? 0;
  await seedMembers(root, members, { perMember, through: 'etcd', inFlight: 8 });
  const wanted = wantedOfRegistrations(await wantedObjects(members));
  const server = startPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_shared_store');
    await admin.end();
    const url = new URL(server.url);
    url.pathname = '/bench_shared_store';
    const phases: Phase[] = [
      { name: 'SQLite', replicas: 1, env: {} },
      {
        name: 'PostgreSQL',
        replicas: replicaCount,
        env: { NIMBUS_STORE: 'postgres', NIMBUS_POSTGRES_URL: url.toString() },
      },
    ];
    const results: PhaseResult[] = [];
    for (const [i, phase] of phases.entries()) results.push(await runPhase(phase, wanted, i));
    return report(results, { start: loadAtStart, end: loadavg()[0] ?? 0 });
  } finally {
    server.stop();
  }
}

try {
  const table = await main();
  console.log(`\n${table}\n`);
  if (args.docs) {
    writeDocsBlock(
      args.docs,
      registrations > 1
        ? `shared-store-${perMember}x${registrations}`
        : `shared-store-${perMember}`,
      'The stores through the operator',
      table,
    );
  }
} finally {
  console.log('removing the bench Clusters, people and namespaces');
  unregister();
  for (const argv of people.indexBenchRemovals)
    hub.tryKubectl(['delete', ...argv, '--ignore-not-found']);
  await Promise.all(members.map((m) => emptyAndRemoveNamespace(root, m)));
}
