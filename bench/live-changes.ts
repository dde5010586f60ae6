// Live lists: a ConfigMap created on member-a until it is a row of the console's open list, with
// no reload and no Refresh (the index's change feed → the change stream → the list read again).
// Per change, from the moment the create is sent: the member's own watch seeing it (the baseline,
// same run: what no console can beat), the operator's change stream telling of it, and the
// row drawn in headless Chromium. Budget: on screen ≤ 1 s p95 (docs/decisions/live-changes.md).
// Needs the test bed and its operator (hack/dev-test.sh's, or `hack/operator.sh start test`):
//   npx tsx bench/live-changes.ts [--url http://127.0.0.1:18080] [--runs 50] [--gap-ms 700]
//                                 [--docs docs/performance.md]
import { request } from 'node:https';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { readEventStream } from '../operator/src/testing/event-stream.js';
import { launchChromium } from '../tests/support/browser.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../tests/support/iam.js';
import { memberKubeconfig, registerMember, unregisterMember } from '../tests/support/members.js';
import { writeDocsBlock } from './lib/docs-block.js';
import { call, openMember, type Member } from './lib/member.js';
import { operatorUrlFromEnv } from './lib/operator-api.js';
import { benchNamespace, freshNamespace, removeNamespace } from './lib/seed.js';
import { summarize } from './lib/timing.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '50' },
    'gap-ms': { type: 'string', default: '700' },
    docs: { type: 'string' },
  },
});
const url = operatorUrlFromEnv(args.url);
const runs = Number(args.runs);
const gapMs = Number(args['gap-ms']);
const budgetMs = 1_000;
const suffix = `live${Date.now().toString(36)}`;
const cluster = `bench-live-${suffix}`;
const org = `bench-live-${suffix}`;
const nameOf = (i: number) => `live-${String(i).padStart(3, '0')}-${suffix}`;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** When each ConfigMap was first seen by the member's own watch (ms since the epoch). */
function watchMember(member: Member, seen: Map<string, number>): () => void {
  const auth = member.pinned.connection.auth;
  const path = `/api/v1/namespaces/${benchNamespace}/configmaps?watch=1&allowWatchBookmarks=false`;
  const req = request(new URL(path, member.pinned.connection.server), {
    agent: member.agent,
    headers: 'token' in auth ? { authorization: `Bearer ${auth.token}` } : {},
  });
  req.on('response', (res) => {
    let buffer = '';
    res.on('data', (chunk: Buffer) => {
      const at = Date.now();
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        const event = JSON.parse(line) as { type: string; object: { metadata: { name: string } } };
        const name = event.object.metadata.name;
        if (event.type === 'ADDED' && !seen.has(name)) seen.set(name, at);
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  return () => req.destroy();
}

/** When the operator's change stream first told of each ConfigMap (ms since the epoch). */
async function followStream(token: string, seen: Map<string, number>): Promise<() => void> {
  const abort = new AbortController();
  const response = await fetch(
    new URL(
      `/api/v1/crd.nimbus.io/changes?kind=configmaps&cluster=${cluster}&namespace=${benchNamespace}`,
      url,
    ),
    { headers: { authorization: `Bearer ${token}` }, signal: abort.signal },
  );
  const reader = readEventStream(response.body as ReadableStream<Uint8Array>);
  const ready = await reader.next();
  if (ready?.event !== 'ready') throw new Error(`the change stream answered ${ready?.event}`);
  void (async () => {
    for (;;) {
      const event = await reader.next().catch(() => undefined);
      if (!event) return;
      const at = Date.now();
      if (event.event !== 'changes') continue;
      for (const change of (JSON.parse(event.data) as { changes: Array<{ name: string }> })
        .changes) {
        if (!seen.has(change.name)) seen.set(change.name, at);
      }
    }
  })();
  return () => abort.abort();
}

const loadAtStart = loadavg()[0] ?? 0;
const root = await gitOpsSystemAdmin(suffix);
const member = await openMember('member-a', memberKubeconfig('member-a'));
const created = new Map<string, number>();
const byMember = new Map<string, number>();
const byStream = new Map<string, number>();
let drawn: Record<string, number> | undefined;
const browser = await launchChromium();
const stops: Array<() => void> = [];
try {
  await freshNamespace(member);
  const orgAnswer = await root.call('POST', '/organizations', {
    name: org,
    cnName: 'live-bench',
    contact: 'Bench',
    email: 'bench@live.example',
  });
  if (orgAnswer.body.code !== 0) throw new Error(`organization: ${orgAnswer.text}`);
  await registerMember(root, cluster, org, 'member-a', { monitors: false });

  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([{ name: 'language', value: 'en', url }]);
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  const form = page.getByTestId('login-form');
  await form.getByLabel('User name').fill(`root-${suffix}`);
  await form.getByLabel('Password').fill(`root${suffix}1`);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/home$/);
  // Rows are recorded as they are drawn: each new link's text with the time (ms since the epoch).
  await page.addInitScript(() => {
    const drawnAt: Record<string, number> = {};
    (window as unknown as { drawnAt: Record<string, number> }).drawnAt = drawnAt;
    new MutationObserver(() => {
      const at = performance.timeOrigin + performance.now();
      for (const link of document.querySelectorAll('[data-testid="resource-table"] tbody a')) {
        const text = link.textContent ?? '';
        if (!(text in drawnAt)) drawnAt[text] = at;
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(
    `${url}/list/ConfigMap?cluster=${cluster}&namespace=${benchNamespace}&sort=created&order=desc&pageSize=100`,
  );
  await page.locator('[data-testid="live-mark"][data-status="live"]').waitFor({ timeout: 60_000 });

  stops.push(watchMember(member, byMember));
  stops.push(await followStream(root.token, byStream));
  // The index follows the cluster once its first ConfigMap (kube-root-ca.crt) is listed.
  await page
    .getByTestId('resource-table')
    .getByRole('link', { name: 'kube-root-ca.crt' })
    .waitFor({ timeout: 120_000 });

  for (let i = 0; i < runs; i++) {
    const name = nameOf(i);
    created.set(name, Date.now());
    const answer = await call(member, 'POST', `/api/v1/namespaces/${benchNamespace}/configmaps`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name },
      data: { run: String(i) },
    });
    if (answer.status !== 201) throw new Error(`create ${name}: ${answer.status}`);
    await pause(gapMs);
  }
  await page
    .getByTestId('resource-table')
    .getByRole('link', { name: nameOf(runs - 1) })
    .waitFor({ timeout: 30_000 });
  drawn = await page.evaluate(
    () => (window as unknown as { drawnAt: Record<string, number> }).drawnAt,
  );
  await context.close();
} finally {
  for (const stop of stops) stop();
  await browser.close();
  await unregisterMember(root, cluster, org).catch(() => undefined);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  await removeNamespace(member).catch(() => undefined);
  removeGitOpsSystemAdmin(suffix);
}

const since = (times: Map<string, number> | Record<string, number>) => {
  const at = (name: string) => (times instanceof Map ? times.get(name) : times[name]);
  const samples: number[] = [];
  const missing: string[] = [];
  for (const [name, sent] of created) {
    const seen = at(name);
    if (seen === undefined) missing.push(name);
    else samples.push(seen - sent);
  }
  if (missing.length > 0) throw new Error(`never seen: ${missing.join(', ')}`);
  return summarize('', samples);
};
const member95 = since(byMember);
const stream95 = since(byStream);
const screen95 = since(drawn ?? {});
const row = (label: string, t: ReturnType<typeof summarize>) =>
  `| ${label} | ${t.p50.toFixed(0)} | ${t.p95.toFixed(0)} | ${t.p99.toFixed(0)} |`;
const table = [
  `Run of ${new Date().toISOString()} (bench/live-changes.ts: ${runs} ConfigMaps created on member-a ` +
    `${gapMs} ms apart while its list is open in headless Debian Chromium; 1-minute load average ` +
    `${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${cpus().length} cores):`,
  '',
  '| From the create sent on the member until … | p50 (ms) | p95 (ms) | p99 (ms) |',
  '| --- | ---: | ---: | ---: |',
  row("the member's own watch sees it (baseline)", member95),
  row("the operator's change stream tells of it", stream95),
  row('its row is drawn in the open list (no reload)', screen95),
  '',
  `Budget: on screen ≤ ${budgetMs} ms p95: ${screen95.p95 <= budgetMs ? 'met' : '**not met**'}.`,
].join('\n');
console.log(table);
if (args.docs)
  writeDocsBlock(
    args.docs,
    'live-changes',
    'Live lists: change on the member to change on screen',
    table,
  );
if (screen95.p95 > budgetMs) process.exitCode = 1;
