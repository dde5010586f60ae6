// The metrics API against a direct Prometheus query, in the same run: the same PromQL sent to the
// test bed's member-a Prometheus directly and through the operator (as a signed-in system admin,
// the cluster check, the outbound policy, the bounds). Needs the test bed and a running operator,
// as the integration tier has them (hack/dev-test.sh):
//   npx tsx bench/metrics-api.ts [--url http://127.0.0.1:18080] [--runs 50] [--docs docs/performance.md]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { api } from '../tests/support/api.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../tests/support/iam.js';
import {
  locationOf,
  registerMember,
  testbedMonitor,
  unregisterMember,
} from '../tests/support/members.js';
import { writeDocsBlock } from './lib/docs-block.js';
import type { Timing } from './lib/timing.js';
import { summarize } from './lib/timing.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    docs: { type: 'string' },
  },
});
const runs = Number(args.runs);
const suffix = `bench${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const prometheus = testbedMonitor('member-a', 'Prometheus');

const instantQuery = 'sum by (namespace) (rate(pod_cpu_usage_seconds_total[2m]))';
const rangeQuery = '100 * (1 - avg(rate(node_cpu_seconds_total{mode="idle"}[2m])))';

async function direct(path: string, params: Record<string, string>): Promise<void> {
  const response = await fetch(`${prometheus}${path}?${new URLSearchParams(params)}`);
  const body = (await response.json()) as { status: string };
  if (body.status !== 'success') throw new Error(`Prometheus: ${JSON.stringify(body)}`);
}

async function viaApi(token: string, path: string, params: Record<string, string>): Promise<void> {
  expectOk(
    await api('GET', 'monitor', `${locationOf(cluster)}${path}?${new URLSearchParams(params)}`, {
      token,
    }),
  );
}

/** Direct and API calls alternate, so both see the same load. */
async function pair(
  label: string,
  directCall: () => Promise<void>,
  apiCall: () => Promise<void>,
): Promise<[Timing, Timing]> {
  await directCall();
  await apiCall();
  const directMs: number[] = [];
  const apiMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [call, samples] of [
      [directCall, directMs],
      [apiCall, apiMs],
    ] as const) {
      const started = performance.now();
      await call();
      samples.push(performance.now() - started);
    }
  }
  return [
    summarize(`${label}, Prometheus directly`, directMs),
    summarize(`${label}, metrics API`, apiMs),
  ];
}

const root = await gitOpsSystemAdmin(suffix);
try {
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'bench',
      contact: 'Ops',
      email: 'ops@bench.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  const end = Math.floor(Date.now() / 1000);
  const range = { start: String(end - 3_600), end: String(end), step: '15' };
  const results = [
    ...(await pair(
      'instant query',
      () => direct('/api/v1/query', { query: instantQuery, time: String(end) }),
      () => viaApi(root.token, '/proxy/metrics', { query: instantQuery, time: String(end) }),
    )),
    ...(await pair(
      'range query, 1 h at 15 s',
      () => direct('/api/v1/query_range', { query: rangeQuery, ...range }),
      () => viaApi(root.token, '/proxy/metrics', { query: rangeQuery, ...range }),
    )),
  ];
  const ratio = (a: Timing | undefined, b: Timing | undefined) =>
    ((b?.p50 ?? 0) / (a?.p50 ?? 1)).toFixed(2);
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)}, ${runs} runs each, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}.`,
    '',
    '| Call | p50 ms | p95 ms | API ÷ direct (p50) |',
    '|---|---|---|---|',
    ...results.map((timing, index) => {
      const partner = index % 2 === 1 ? results[index - 1] : undefined;
      return `| ${timing.label} | ${timing.p50.toFixed(1)} | ${timing.p95.toFixed(1)} | ${partner ? ratio(partner, timing) : ''} |`;
    }),
  ].join('\n');
  console.log(table);
  if (args.docs) writeDocsBlock(args.docs, 'metrics-api', 'Metrics API against Prometheus', table);
} finally {
  await unregisterMember(root, cluster, org);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
}
