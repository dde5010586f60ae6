// Console start-up in headless Chromium: largest contentful paint of /login on a cold cache (a new
// browser context per run), on loopback and under Chromium's "Slow 4G" network emulation, the
// bytes on the wire before it and in all, and, in the same run, the baseline of a static page the
// operator serves (its 404 envelope) so the browser's own cost is visible. Exits non-zero when a
// budget below is exceeded. Needs a running operator: `make up`, then
//   npx tsx bench/console-lcp.ts [--url http://127.0.0.1:8080] [--runs 15] [--docs docs/performance.md]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.js';
import { writeDocsBlock } from './lib/docs-block.js';
import { summarize } from './lib/timing.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.NIMBUS_URL ?? 'http://127.0.0.1:8080' },
    runs: { type: 'string', default: '15' },
    docs: { type: 'string' },
  },
});
const runs = Number(args.runs);

interface PageFigures {
  lcpMs: number;
  /** When the page's own content (the sign-in form's first input) was visible, if it has one. */
  readyMs?: number;
  element: string;
  scriptBytes: number;
  /** Everything on the wire (document, scripts, styles, data) until the largest paint. */
  bytesBeforeLcp: number;
  /** Everything on the wire once the network is quiet (the console fetched while idle too). */
  bytesInAll: number;
}

/**
 * Chromium DevTools' "Slow 4G" preset (its former "Fast 3G"): 1.6 Mbit/s down and 750 kbit/s up
 * at 90 %, 150 ms round trips at 3.75 times.
 */
const slow4g = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};

/** The budgets of the sign-in page (docs/performance.md), checked at the 75th percentile as Core Web Vitals are. */
const budgets = {
  transferKB: 200,
  lcpLoopbackMs: 1000,
  lcpSlow4gMs: 2000,
};

async function measure(page: Page, url: string, readySelector?: string): Promise<PageFigures> {
  if (readySelector) {
    // Installed before the page's scripts: marks the moment the page's own content appeared.
    await page.addInitScript((selector) => {
      const observer = new MutationObserver(() => {
        const element = document.querySelector(selector);
        if (!element || element.getBoundingClientRect().height === 0) return;
        performance.mark('nimbus-ready');
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true });
    }, readySelector);
  }
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  if (readySelector) {
    await page.waitForSelector(readySelector, { state: 'visible', timeout: 60_000 });
  }
  // Two frames later every paint of the content so far has been reported to the observer.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const readyMs = readySelector
    ? await page.evaluate(() => performance.getEntriesByName('nimbus-ready')[0]?.startTime)
    : undefined;
  const lcp = await page.evaluate(
    () =>
      new Promise<{ ms: number; element: string; scriptBytes: number; bytesBeforeLcp: number }>(
        (resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[];
            const last = entries.at(-1);
            // What the paint waited for: what loaded later (the rest of the console, fetched
            // when the browser is idle) does not count.
            const before = [
              ...performance.getEntriesByType('navigation'),
              ...performance.getEntriesByType('resource'),
            ]
              .map((entry) => entry as PerformanceResourceTiming)
              .filter((entry) => entry.responseEnd <= (last?.startTime ?? Infinity));
            // No named functions in here: tsx would wrap them in a helper the page lacks.
            const scripts = before.filter(
              (entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'),
            );
            resolve({
              ms: last?.startTime ?? Number.NaN,
              scriptBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
              bytesBeforeLcp: before.reduce((sum, entry) => sum + entry.transferSize, 0),
              element: last?.element
                ? `${last.element.tagName.toLowerCase()}.${String(last.element.className).split(' ')[0]}`
                : '?',
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        },
      ),
  );
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  const bytesInAll = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .map((entry) => (entry as PerformanceResourceTiming).transferSize)
      .reduce((sum, size) => sum + size, 0),
  );
  return {
    lcpMs: lcp.ms,
    readyMs,
    element: lcp.element,
    scriptBytes: lcp.scriptBytes,
    bytesBeforeLcp: lcp.bytesBeforeLcp,
    bytesInAll,
  };
}

// The machine is shared: the load around the run says how far the figures are from an idle one.
const loadAtStart = loadavg()[0] ?? 0;
const browser = await launchChromium();
const cases = [
  { name: '/login', path: '/login', ready: 'form input', network: undefined },
  { name: '/login, Slow 4G', path: '/login', ready: 'form input', network: slow4g },
  { name: 'baseline: an operator JSON answer', path: '/api/v1/nothing.here', network: undefined },
] as const;
const samples = new Map<string, PageFigures[]>(cases.map((c) => [c.name, []]));
try {
  for (let i = 0; i < runs; i += 1) {
    for (const entry of cases) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (entry.network) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', entry.network);
      }
      const ready = 'ready' in entry ? entry.ready : undefined;
      samples.get(entry.name)?.push(await measure(page, `${args.url}${entry.path}`, ready));
      await context.close();
    }
  }
} finally {
  await browser.close();
}

const kb = (bytes: number) => (bytes / 1000).toFixed(0);
const p75 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.75 * sorted.length) - 1)] ?? Number.NaN;
};
const figuresOf = (name: string) => samples.get(name) ?? [];

const row = (label: string, figures: PageFigures[]) => {
  const lcp = summarize(
    label,
    figures.map((f) => f.lcpMs),
  );
  const readyTimes = figures.flatMap((f) => (f.readyMs === undefined ? [] : [f.readyMs]));
  const ready = readyTimes.length > 0 ? summarize(label, readyTimes) : undefined;
  const readyText = ready ? `${ready.p50.toFixed(0)} / ${ready.p95.toFixed(0)}` : '–';
  const first = figures[0];
  const bytes = first
    ? `${kb(first.scriptBytes)} / ${kb(first.bytesBeforeLcp)} / ${kb(first.bytesInAll)}`
    : '–';
  return (
    `| ${label} | ${lcp.runs} | ${lcp.p50.toFixed(0)} | ${p75(figures.map((f) => f.lcpMs)).toFixed(0)} | ` +
    `${lcp.p95.toFixed(0)} | ${readyText} | ${bytes} | ${first?.element ?? ''} |`
  );
};

const login = figuresOf('/login');
const slow = figuresOf('/login, Slow 4G');
// Bytes do not vary between runs of the same build; the largest run is the one checked.
const loginTransfer = Math.max(...login.map((f) => f.bytesBeforeLcp));
const checks = [
  {
    what: `/login transfer before the form is painted ≤ ${budgets.transferKB} kB`,
    value: `${kb(loginTransfer)} kB`,
    met: loginTransfer <= budgets.transferKB * 1000,
  },
  {
    what: `/login LCP p75 on loopback ≤ ${budgets.lcpLoopbackMs} ms`,
    value: `${p75(login.map((f) => f.lcpMs)).toFixed(0)} ms`,
    met: p75(login.map((f) => f.lcpMs)) <= budgets.lcpLoopbackMs,
  },
  {
    what: `/login LCP p75 under Slow 4G ≤ ${budgets.lcpSlow4gMs} ms`,
    value: `${p75(slow.map((f) => f.lcpMs)).toFixed(0)} ms`,
    met: p75(slow.map((f) => f.lcpMs)) <= budgets.lcpSlow4gMs,
  },
];

const table = [
  `Run of ${new Date().toISOString()} (bench/console-lcp.ts, headless Debian Chromium, new context per run; ` +
    `1-minute load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${cpus().length} cores):`,
  '',
  '| Page (cold cache) | Runs | LCP p50 (ms) | LCP p75 (ms) | LCP p95 (ms) | Form visible p50 / p95 (ms) | On the wire: scripts before LCP / all before LCP / in all (kB) | LCP element |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...cases.map((c) => row(c.name, figuresOf(c.name))),
  '',
  '| Budget | Measured | Met |',
  '| --- | ---: | --- |',
  ...checks.map((c) => `| ${c.what} | ${c.value} | ${c.met ? 'yes' : '**no**'} |`),
].join('\n');
console.log(table);

if (args.docs) writeDocsBlock(args.docs, 'console-lcp', 'Console start-up', table);
const missed = checks.filter((c) => !c.met);
if (missed.length > 0) {
  console.error(
    `Budgets missed: ${missed.map((c) => `${c.what} (measured ${c.value})`).join('; ')}`,
  );
  process.exitCode = 1;
}
