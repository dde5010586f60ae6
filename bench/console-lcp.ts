// Console start-up in headless Chromium: largest contentful paint of /login on a cold cache (a new
// browser context per run), the JavaScript transferred before it, and, in the same run, the
// baseline of a static page the operator serves (its 404 envelope) so the browser's own cost is
// visible. Needs a running operator: `make up`, then
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
}

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
  await page.goto(url, { waitUntil: 'load' });
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
      new Promise<{ ms: number; element: string; scriptBytes: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[];
          const last = entries.at(-1);
          // What the paint waited for: scripts loaded later (the rest of the console, fetched
          // when the browser is idle) do not count.
          const scriptBytes = (
            performance.getEntriesByType('resource') as PerformanceResourceTiming[]
          )
            .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
            .filter((entry) => entry.responseEnd <= (last?.startTime ?? Infinity))
            .reduce((sum, entry) => sum + entry.transferSize, 0);
          resolve({
            ms: last?.startTime ?? Number.NaN,
            scriptBytes,
            element: last?.element
              ? `${last.element.tagName.toLowerCase()}.${String(last.element.className).split(' ')[0]}`
              : '?',
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  return { lcpMs: lcp.ms, readyMs, element: lcp.element, scriptBytes: lcp.scriptBytes };
}

// The machine is shared: the load around the run says how far the figures are from an idle one.
const loadAtStart = loadavg()[0] ?? 0;
const browser = await launchChromium();
const samples: Record<'login' | 'baseline', PageFigures[]> = { login: [], baseline: [] };
try {
  for (let i = 0; i < runs; i += 1) {
    for (const [name, path, readySelector] of [
      ['login', '/login', 'form input'],
      ['baseline', '/api/v1/nothing.here', undefined],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      samples[name].push(await measure(page, `${args.url}${path}`, readySelector));
      await context.close();
    }
  }
} finally {
  await browser.close();
}

const row = (label: string, figures: PageFigures[]) => {
  const lcp = summarize(
    label,
    figures.map((f) => f.lcpMs),
  );
  const kib = ((figures[0]?.scriptBytes ?? 0) / 1024).toFixed(0);
  const readyTimes = figures.flatMap((f) => (f.readyMs === undefined ? [] : [f.readyMs]));
  const ready = readyTimes.length > 0 ? summarize(label, readyTimes) : undefined;
  const readyText = ready ? `${ready.p50.toFixed(0)} / ${ready.p95.toFixed(0)}` : '–';
  return `| ${label} | ${lcp.runs} | ${lcp.p50.toFixed(0)} | ${lcp.p95.toFixed(0)} | ${readyText} | ${kib} | ${figures[0]?.element ?? ''} |`;
};
const table = [
  `Run of ${new Date().toISOString()} (bench/console-lcp.ts, headless Debian Chromium, new context per run; ` +
    `1-minute load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${cpus().length} cores):`,
  '',
  '| Page (cold cache) | Runs | LCP p50 (ms) | LCP p95 (ms) | Form visible p50 / p95 (ms) | Scripts before LCP (KiB) | LCP element |',
  '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  row('/login', samples.login),
  row('baseline: an operator JSON answer', samples.baseline),
].join('\n');
console.log(table);

if (args.docs) writeDocsBlock(args.docs, 'console-lcp', 'Console start-up', table);
