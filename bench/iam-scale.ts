// 1,000 users applied by a pipeline (issue 13): N users and M groups with per-cluster bindings in
// ONE `kubectl apply --server-side`, against the test bed and a running operator; the time until
// both members' RBAC takes the form under which their own authorizers answer every user as the
// bindings say (and until those answers are confirmed), the operator's CPU and
// memory meanwhile, the calls it made to each member, that an idle resync rewrites nothing, and
// sign-in and list pages with that many users. Removes everything it applied at the end.
// Run: npm run bench:iam -- [--users 10000] [--groups 1000] [--url http://127.0.0.1:18080]
//      [--operator test] [--docs docs/performance.md]
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { mismatches, reviewsPerUser } from './lib/access-review.js';
import { writeDocsBlock } from './lib/docs-block.js';
import type { MemberName } from './lib/iam-objects.js';
import * as iam from './lib/iam-objects.js';
import { openMember, type Member } from './lib/member.js';
import { callsBetween, requestCounts } from './lib/member-requests.js';
import { callsPerFingerprint, rbacFingerprint, settledAt } from './lib/rbac-fingerprint.js';
import { operatorApi, operatorUrlFromEnv } from './lib/operator-api.js';
import { sampleUsage } from './lib/process-usage.js';
import { time, type Timing } from './lib/timing.js';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    groups: { type: 'string', default: '1000' },
    url: { type: 'string' },
    operator: { type: 'string', default: 'test' },
    docs: { type: 'string' },
    'timeout-s': { type: 'string', default: '600' },
  },
});
const users = Number(args.users);
const groups = Number(args.groups);
const timeoutMs = Number(args['timeout-s']) * 1000;
const operator = operatorApi(operatorUrlFromEnv(args.url));
const api = operator.call;
const operatorPid = Number(
  readFileSync(join(root, '.cache/operator', args.operator, 'pid'), 'utf8').trim(),
);
const namespace = 'nimbus-system';
const testbedBin =
  process.env.NIMBUS_TESTBED_BIN ??
  execFileSync(join(root, 'hack/testbed/build.sh'), ['--print-only'], { encoding: 'utf8' }).trim();
const kubeconfigOf = (cluster: string) => join(root, '.cache/testbed', `${cluster}.kubeconfig`);
const memberNames = Object.keys(iam.benchClusters) as MemberName[];
const rbacResources = ['clusterroles', 'clusterrolebindings'];

function kubectl(kubeconfig: string, argv: string[], input?: string): string {
  const run = spawnSync(join(testbedBin, 'kubectl'), ['--kubeconfig', kubeconfig, ...argv], {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) throw new Error(`kubectl ${argv.join(' ')}: ${run.stderr}`);
  return run.stdout;
}
const hub = (argv: string[], input?: string) => kubectl(kubeconfigOf('nimbus-hub'), argv, input);
const applyList = (items: object[]) =>
  hub(
    ['apply', '--server-side', '--field-manager=bench-pipeline', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items }),
  );
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(500);
  }
}

const conditionStatus = (resource: string, name: string, type: string): string | undefined => {
  const object = JSON.parse(hub(['get', resource, name, '-o', 'json'])) as {
    status?: { conditions?: Array<{ type: string; status: string }> };
  };
  return object.status?.conditions?.find((c) => c.type === type)?.status;
};

function cleanUp(): void {
  console.log('removing the bench objects (member RBAC goes with the Clusters)');
  for (const cluster of Object.values(iam.benchClusters)) {
    spawnSync(join(testbedBin, 'kubectl'), [
      '--kubeconfig',
      kubeconfigOf('nimbus-hub'),
      'delete',
      'clusters.nimbus.io',
      cluster,
      '--ignore-not-found',
      '--wait=true',
      '--timeout=120s',
    ]);
  }
  for (const kind of ['usergroups.nimbus.io', 'users.nimbus.io', 'organizations.nimbus.io']) {
    spawnSync(join(testbedBin, 'kubectl'), [
      '--kubeconfig',
      kubeconfigOf('nimbus-hub'),
      'delete',
      kind,
      '-l',
      'nimbus.io/bench=iam',
      '--ignore-not-found',
      '--wait=false',
    ]);
  }
  spawnSync(join(testbedBin, 'kubectl'), [
    '--kubeconfig',
    kubeconfigOf('nimbus-hub'),
    'delete',
    'secret',
    '-n',
    namespace,
    '-l',
    'nimbus.io/bench=iam',
    '--ignore-not-found',
  ]);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const members = Object.fromEntries(
  await Promise.all(
    memberNames.map(async (name) => [name, await openMember(name, kubeconfigOf(name))] as const),
  ),
) as Record<MemberName, Member>;
const loadAtStart = loadavg()[0] ?? 0;

try {
  // A run right after another finds its objects still being deleted: an administrator that is
  // going away would refuse the new password. Wait until the last run's are gone.
  await waitFor(
    "the last run's objects to go",
    () =>
      spawnSync(join(testbedBin, 'kubectl'), [
        '--kubeconfig',
        kubeconfigOf('nimbus-hub'),
        'get',
        'users.nimbus.io',
        'bench-iam-root',
      ]).status !== 0,
    300_000,
  );
  // Set-up, not measured: the organization, an administrator, and both members registered.
  const password = `bench-${Date.now().toString(36)}-1`;
  applyList([...iam.benchAdmin(namespace, password), iam.iamObjects(0, 0)[0] as object]);
  await waitFor(
    'the bench administrator',
    () => conditionStatus('users.nimbus.io', 'bench-iam-root', 'Ready') === 'True',
  );
  const login = () =>
    api<{ token: string }>('POST', 'auth.nimbus.io/login', undefined, {
      userName: 'bench-iam-root',
      password,
    });
  const { token } = await login();
  for (const member of memberNames) {
    await api('POST', 'manage.nimbus.io/providers/ProviderKubeconfig/clusters', token, {
      name: iam.benchClusters[member],
      organizationId: iam.benchOrg,
      region: 'local',
      credentials: { kubeconfig: readFileSync(kubeconfigOf(member), 'utf8') },
    });
  }
  for (const member of memberNames) {
    await waitFor(
      `${member} Ready`,
      () => conditionStatus('clusters.nimbus.io', iam.benchClusters[member], 'Ready') === 'True',
    );
  }
  await pause(3_000);

  // Measured: one apply of every user and group, then until both members answer as bound.
  const objects = iam.iamObjects(users, groups).slice(1);
  const expected = Object.fromEntries(
    memberNames.map((m) => [m, iam.expectations(users, groups, m)]),
  ) as Record<MemberName, iam.Expectation[]>;
  const before = Object.fromEntries(
    await Promise.all(memberNames.map(async (m) => [m, await requestCounts(members[m])] as const)),
  ) as Record<MemberName, Map<string, number>>;
  const stopSampling = sampleUsage(operatorPid);
  const started = performance.now();
  applyList(objects);
  const appliedMs = performance.now() - started;
  console.log(`applied ${objects.length} objects in ${(appliedMs / 1000).toFixed(1)} s`);
  const reviewsSent: Record<MemberName, number> = { 'member-a': 0, 'member-b': 0 };
  const fingerprintCalls: Record<MemberName, number> = { 'member-a': 0, 'member-b': 0 };
  const convergedMs: Partial<Record<MemberName, number>> = {};
  const settledMs: Partial<Record<MemberName, number>> = {};
  await Promise.all(
    memberNames.map(async (member) => {
      // The member's RBAC, every 250 ms beside the reviews: once these confirm every user, the
      // first fingerprint equal to the final one says when the RBAC took its final form.
      const seen: Array<{ at: number; fingerprint: string }> = [];
      let watching = true;
      const fingerprints = (async () => {
        while (watching) {
          const fingerprint = await rbacFingerprint(members[member]);
          fingerprintCalls[member] += callsPerFingerprint;
          seen.push({ at: performance.now() - started, fingerprint });
          await pause(250);
        }
      })();
      // Its failure, if any, is thrown where it is awaited; not a second time as unhandled.
      fingerprints.catch(() => undefined);
      const sample = expected[member].filter((_, i) => i % Math.max(1, users / 20) === 0);
      try {
        for (;;) {
          if (performance.now() - started > timeoutMs) throw new Error(`${member} never converged`);
          reviewsSent[member] += sample.length * reviewsPerUser;
          if ((await mismatches(members[member], sample)).length === 0) {
            reviewsSent[member] += users * reviewsPerUser;
            const wrong = await mismatches(members[member], expected[member]);
            if (wrong.length === 0) break;
            console.log(`${member}: ${wrong.length} users not yet as bound`);
          }
          await pause(250);
        }
      } finally {
        watching = false;
      }
      convergedMs[member] = performance.now() - started;
      await fingerprints;
      const final = await rbacFingerprint(members[member]);
      fingerprintCalls[member] += callsPerFingerprint;
      seen.push({ at: performance.now() - started, fingerprint: final });
      settledMs[member] = settledAt(seen, final);
      console.log(
        `${member}: RBAC final after ${((settledMs[member] ?? 0) / 1000).toFixed(1)} s, every user confirmed by reviews after ${(convergedMs[member] / 1000).toFixed(1)} s`,
      );
    }),
  );
  const usage = stopSampling();
  const after = Object.fromEntries(
    await Promise.all(memberNames.map(async (m) => [m, await requestCounts(members[m])] as const)),
  ) as Record<MemberName, Map<string, number>>;

  // The same answers from kubectl itself, for a few users per member.
  for (const member of memberNames) {
    for (const item of expected[member].slice(0, 3)) {
      const said = spawnSync(join(testbedBin, 'kubectl'), [
        '--kubeconfig',
        kubeconfigOf(member),
        'auth',
        'can-i',
        'list',
        'pods',
        '-n',
        'default',
        '--as',
        `nimbus:${item.user}`,
      ])
        .stdout.toString()
        .trim();
      if ((said === 'yes') !== item.listPods) throw new Error(`${member} ${item.user}: ${said}`);
    }
  }

  // An idle resync (every 60 s) must find nothing to write.
  const idleBefore = await Promise.all(memberNames.map((m) => requestCounts(members[m])));
  console.log('waiting 70 s for an idle RBAC resync');
  await pause(70_000);
  const idleAfter = await Promise.all(memberNames.map((m) => requestCounts(members[m])));

  // Sign-in and list pages with that many users, as the administrator.
  const pages: Timing[] = [
    await time('sign-in (POST /auth/login, argon2id)', 10, login),
    await time(`users of the organization, page 1 of 20 (of ${users})`, 20, () =>
      api('GET', `iam.nimbus.io/organizations/${iam.benchOrg}/users?page=1&pageSize=20`, token),
    ),
    await time('users, last page of 20', 20, () =>
      api(
        'GET',
        `iam.nimbus.io/organizations/${iam.benchOrg}/users?page=${Math.ceil(users / 20)}&pageSize=20`,
        token,
      ),
    ),
    await time('users, search "u-0999"', 20, () =>
      api('GET', `iam.nimbus.io/organizations/${iam.benchOrg}/users?search=u-0999`, token),
    ),
    await time(`groups of the organization, page 1 of 20 (of ${groups})`, 20, () =>
      api('GET', `iam.nimbus.io/organizations/${iam.benchOrg}/groups?page=1&pageSize=20`, token),
    ),
  ];

  const rows = memberNames.map((member, i) => {
    const projection = callsBetween(before[member], after[member], rbacResources);
    const idle = callsBetween(
      idleBefore[i] as Map<string, number>,
      idleAfter[i] as Map<string, number>,
      rbacResources,
    );
    const everything = callsBetween(before[member], after[member], [
      ...new Set([...after[member].keys()].map((k) => k.split(':')[0] ?? '')),
    ]);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const converged = convergedMs[member] ?? 0;
    const settled = settledMs[member] ?? converged;
    const benchCalls = reviewsSent[member] + fingerprintCalls[member];
    return `| ${member} | ${seconds(settled)} | ${seconds(settled - appliedMs)} | ${seconds(converged)} | ${projection.all - fingerprintCalls[member]} | ${projection.writes} | ${everything.all - benchCalls} | ${idle.writes} / ${idle.all} |`;
  });
  const report = [
    `Run of ${new Date().toISOString()} (\`npm run bench:iam\`, generated by bench/iam-scale.ts):`,
    '',
    '| Environment | |',
    '| --- | --- |',
    `| Machine | ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end |`,
    `| Objects | ${users} Users and ${groups} UserGroups (2 per-cluster bindings each) in one \`kubectl apply --server-side\` of ${(appliedMs / 1000).toFixed(1)} s |`,
    '',
    "| Member | RBAC in its final form, from the apply's start (s) | after the apply ended (s) | Every user confirmed by the member's reviews (s) | RBAC calls | of which writes | All member calls (minus the bench's reviews and lists) | Idle resync: writes / calls |",
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    '| Operator during the apply and projection | |',
    '| --- | ---: |',
    `| CPU time | ${usage.cpuSeconds.toFixed(1)} s in ${usage.wallSeconds.toFixed(1)} s |`,
    `| RSS before / peak / after | ${usage.rssBeforeMiB.toFixed(0)} / ${usage.rssPeakMiB.toFixed(0)} / ${usage.rssAfterMiB.toFixed(0)} MiB |`,
    '',
    `| Pages with ${users} users (over HTTP, as a system administrator) | Runs | p50 (ms) | p95 (ms) |`,
    '| --- | ---: | ---: | ---: |',
    ...pages.map((t) => `| ${t.label} | ${t.runs} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} |`),
  ].join('\n');
  console.log(`\n${report}\n`);
  // One block per size, so the 10,000-user run stands beside the 1,000-user one it is ten times.
  const block = users === 1000 ? 'iam-scale' : `iam-scale-${users}`;
  if (args.docs) writeDocsBlock(args.docs, block, `${users.toLocaleString('en')} users`, report);
} finally {
  cleanUp();
}
