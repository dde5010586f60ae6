// The log viewer with 100 000 lines in headless Chromium: the built console signed in to a running
// operator, its /logs page answered (by Playwright, at the browser's network layer) with a log of
// `--lines` lines; measured: from the request to the last line drawn, the longest task that
// blocked the page meanwhile, a jump to any place in the log until it is painted, and a search
// until its count is shown. Needs a running operator with the test bed's hub (`make up`, or
// hack/dev-test.sh's operator), as the e2e tier does:
//   npx tsx bench/console-logs.ts [--url http://127.0.0.1:8080] [--lines 100000] [--runs 5] [--docs docs/performance.md]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.js';
import { gitOpsSystemAdmin, removeGitOpsSystemAdmin } from '../tests/support/iam.js';
import { writeDocsBlock } from './lib/docs-block.js';
import { summarize } from './lib/timing.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.NIMBUS_URL ?? 'http://127.0.0.1:8080' },
    lines: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    docs: { type: 'string' },
  },
});
const lineCount = Number(args.lines);
const runs = Number(args.runs);
const jumps = 40;

/** A web server's access log: ~90 bytes a line, every 100th an error to search for. */
const logBody = Array.from({ length: lineCount }, (_, i) => {
  const level = i % 100 === 0 ? 'ERROR' : 'INFO';
  const stamp = new Date(Date.UTC(2026, 10, 24, 10, 0, 0, i)).toISOString();
  return `${stamp} ${level} request ${i} GET /api/items/${i * 7} 200 ${i % 50}ms`;
}).join('\n');

const target = new URLSearchParams({
  vendor: 'ProviderKubeconfig',
  region: 'bench',
  cluster: 'bench',
  namespace: 'bench',
});

interface RunFigures {
  drawnMs: number;
  longestTaskMs: number;
  jumpMs: number[];
  searchMs: number;
}

async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.goto(`${args.url}/login`);
  const form = page.getByTestId('login-form');
  await form.getByLabel('User name').fill(userName);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/home$/);
}

async function measure(page: Page): Promise<RunFigures> {
  await page.route('**/pods/bench-pod/log?*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain; charset=utf-8', body: logBody }),
  );
  await page.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as { benchTasks: number[] }).benchTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.startTime, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="log-phase"][data-phase="ended"]')) return;
      if (!document.querySelector('[data-testid="log-line"]')) return;
      performance.mark('bench-drawn');
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(`${args.url}/logs/bench-pod/app?${target.toString()}`);
  await page.waitForSelector('[data-testid="log-phase"][data-phase="ended"]', { timeout: 120_000 });
  const load = await page.evaluate(() => {
    const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
      (entry) => entry.name.includes('/pods/bench-pod/log?'),
    );
    const drawn = performance.getEntriesByName('bench-drawn')[0]?.startTime ?? Number.NaN;
    const started = request?.startTime ?? Number.NaN;
    const tasks = (window as unknown as { benchTasks: number[] }).benchTasks;
    let longest = 0;
    for (let i = 0; i < tasks.length; i += 2) {
      const at = tasks[i] ?? 0;
      if (at >= started && at <= drawn) longest = Math.max(longest, tasks[i + 1] ?? 0);
    }
    return { drawnMs: drawn - started, longestTaskMs: longest };
  });
  const shown = await page.getByTestId('log-line-count').textContent();
  if (!shown?.startsWith(lineCount.toLocaleString('en-US'))) {
    throw new Error(`expected ${lineCount} lines, the viewer shows "${shown ?? ''}"`);
  }

  // Jumps to anywhere in the log, each until the frame after it is painted.
  const jumpMs = await page.evaluate(async (count) => {
    const viewport = document.querySelector('[data-testid="log-lines"]');
    if (!viewport) throw new Error('no log viewport');
    // No named helpers inside: tsx would wrap them in a __name() the page does not have.
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      viewport.scrollTop = ((i * 7919) % count) * (viewport.scrollHeight / count);
      viewport.dispatchEvent(new Event('scroll'));
      for (let f = 0; f < 2; f++) await new Promise((done) => requestAnimationFrame(done));
      times.push(performance.now() - started);
    }
    return times;
  }, jumps);

  // A search over every kept line, until its count is on screen (includes the CDP round trip).
  const started = performance.now();
  await page.getByTestId('log-search').fill('request 4242 ');
  await page.getByTestId('log-search-count').filter({ hasText: 'of 1' }).waitFor();
  const searchMs = performance.now() - started;
  return { ...load, jumpMs, searchMs };
}

const loadAtStart = loadavg()[0] ?? 0;
const suffix = `bench${Date.now().toString(36)}`;
await gitOpsSystemAdmin(suffix);
const browser = await launchChromium();
const samples: RunFigures[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'language', value: 'en', url: args.url }]);
    const page = await context.newPage();
    await signIn(page, `root-${suffix}`, `root${suffix}1`);
    samples.push(await measure(page));
    await context.close();
  }
} finally {
  await browser.close();
  removeGitOpsSystemAdmin(suffix);
}

const ms = (values: number[]) => {
  const timing = summarize('', values);
  return `${timing.p50.toFixed(0)} / ${timing.p95.toFixed(0)}`;
};
const table = [
  `Run of ${new Date().toISOString()} (bench/console-logs.ts, headless Debian Chromium, ${lineCount.toLocaleString('en-US')} lines of ` +
    `${(Buffer.byteLength(logBody) / 1024 / 1024).toFixed(1)} MiB, ${runs} runs, ${jumps} jumps each; ` +
    `1-minute load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${cpus().length} cores):`,
  '',
  '| Log viewer | p50 / p95 (ms) |',
  '| --- | ---: |',
  `| Request to the last line drawn (whole log read, kept, followed to the end) | ${ms(samples.map((s) => s.drawnMs))} |`,
  `| Longest task blocking the page meanwhile | ${ms(samples.map((s) => s.longestTaskMs))} |`,
  `| Jump to any place in the log until painted | ${ms(samples.flatMap((s) => s.jumpMs))} |`,
  `| Search all lines until the count shows (with the driver's round trip) | ${ms(samples.map((s) => s.searchMs))} |`,
].join('\n');
console.log(table);

if (args.docs) writeDocsBlock(args.docs, 'console-logs', 'Log viewer with 100 000 lines', table);
