// axe-core in the end-to-end suite's Chromium: opening a console screen in a theme, waiting
// until it has drawn its data, and auditing it against WCAG 2 A/AA and axe's best practices.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';
import { eventually } from './eventually.js';

export type Theme = 'light' | 'dark';
export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

/** One rule broken on one screen: where, and the first elements that break it. */
export interface Finding {
  who: string;
  address: string;
  theme: Theme;
  rule: string;
  impact: Impact;
  help: string;
  elements: string[];
  /** Why the first element fails (axe's summary, e.g. the contrast and colours it measured). */
  why: string;
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets of WCAG 2.0 and 2.1 at levels A and AA, and axe's best practices. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeRules {
  getRules: (tags?: string[]) => Array<{ ruleId: string; tags: string[] }>;
}

/**
 * The rules of `tags` that read colours (axe's `cat.color`: contrast, links told apart by colour
 * alone). A theme changes the console's colours, not its elements, names or order: the other
 * rules would check the same elements again and find what the light theme's run found.
 */
export const colourRules: string[] = (require('axe-core') as AxeRules)
  .getRules(['cat.color'])
  .filter((rule) => rule.tags.some((tag) => tags.includes(tag)))
  .map((rule) => rule.ruleId);

/** What the page is still loading: documents, scripts, styles and API calls (not streams). */
export interface RequestWatch {
  open: () => number;
}

export function watchRequests(page: Page): RequestWatch {
  const open = new Set<Request>();
  const loads = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr', 'font']);
  page.on('request', (request) => {
    if (loads.has(request.resourceType())) open.add(request);
  });
  // Answered once its headers are in: a stream (a container's log, a watch) answers at once and
  // stays open, and a screen's data is drawn (no spinner left) after its answer.
  page.on('response', (response) => open.delete(response.request()));
  page.on('requestfailed', (request) => open.delete(request));
  return { open: () => open.size };
}

/** Transitions off: colours are measured as they end, not halfway through a theme change. */
const stillColours = '*, *::before, *::after { transition: none !important; }';

/**
 * Opens `address` inside the console (history and popstate, as its links do, so the screen is
 * reached the way a user reaches it and the page is not loaded again), in `theme` (the system's
 * colour scheme, which the console follows), and waits until the screen is drawn: its heading
 * there for this address, no request loading and no spinner or skeleton, twice in a row.
 */
export async function openScreen(
  page: Page,
  requests: RequestWatch,
  address: string,
  theme: Theme,
): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  const current = await page.evaluate(() => location.pathname + location.search);
  if (current !== address) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, address);
  }
  // Once per document: the console moves between screens without loading the page again, and a
  // rule added on every screen would leave the browser a hundred copies to match.
  if ((await page.locator('style[data-still-colours]').count()) === 0)
    await page
      .addStyleTag({ content: stillColours })
      .then((tag) =>
        tag.evaluate((style) => (style as Element).setAttribute('data-still-colours', '')),
      );
  await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, theme);
  // The screen at the address, not the one before it: the router commits a new screen after its
  // navigation (a transition; its data first), and the heading carries the address of the
  // screen it heads (console/src/layout/PageHeading.tsx). Read in the page each time, so a
  // screen that redirects is awaited at the address it lands on.
  await page.waitForFunction(() => {
    const at = location.pathname + location.search;
    return [...document.querySelectorAll('h1')].some((h1) => h1.dataset.location === at);
  });
  let quietBefore = false;
  const quiet = await eventually(
    async () => {
      const busy =
        requests.open() > 0 ||
        (await page.locator('.ant-spin-spinning, .ant-skeleton-active').count()) > 0;
      const settled = !busy && quietBefore;
      quietBefore = !busy;
      return settled;
    },
    Boolean,
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  if (!quiet) throw new Error(`${address} (${theme}) was still loading after 30 s`);
}

interface AxeCheck {
  relatedNodes?: Array<{ html?: string }>;
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
  any?: AxeCheck[];
  all?: AxeCheck[];
  none?: AxeCheck[];
}

/** Why the first element fails: axe's summary and the elements it points at (cut short). */
const whyOf = (node: AxeNode | undefined): string => {
  if (!node) return '';
  const summary = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
  const related = [...(node.any ?? []), ...(node.all ?? []), ...(node.none ?? [])]
    .flatMap((check) => check.relatedNodes ?? [])
    .slice(0, 2)
    .map((related) => (related.html ?? '').slice(0, 160));
  return related.length > 0 ? `${summary} (${related.join(' ; ')})` : summary;
};

interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * axe-core's violations on the page as it is now: every rule of `tags` in the light theme, the
 * colour rules alone in the dark one (`colourRules`).
 */
export async function axeAudit(
  page: Page,
  where: Pick<Finding, 'who' | 'address' | 'theme'>,
): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const runOnly =
    where.theme === 'dark' ? { type: 'rule', values: colourRules } : { type: 'tag', values: tags };
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: only,
      resultTypes: ['violations'],
    })) as { violations: unknown[] };
    return result.violations;
  }, runOnly);
  return (violations as AxeViolation[]).map((violation) => ({
    ...where,
    rule: violation.id,
    impact: violation.impact ?? 'minor',
    help: violation.help,
    elements: violation.nodes.slice(0, 3).map((node) => node.target.map(String).join(' ')),
    why: whyOf(violation.nodes[0]),
  }));
}

/**
 * Audits what the page shows now (a wizard's step, an open dialog) in both themes, without
 * navigating; `label` names it in the findings.
 */
export async function auditHere(
  page: Page,
  requests: RequestWatch,
  who: string,
  label: string,
): Promise<Finding[]> {
  const here = await page.evaluate(() => location.pathname + location.search);
  const found: Finding[] = [];
  for (const theme of ['light', 'dark'] as Theme[]) {
    await openScreen(page, requests, here, theme);
    found.push(...(await axeAudit(page, { who, address: label, theme })));
  }
  return found;
}

/** The findings that fail the tier: critical and serious ones. */
export const blockingFindings = (list: readonly Finding[]): Finding[] =>
  list.filter((finding) => finding.impact === 'critical' || finding.impact === 'serious');

const order: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

/** One line per finding, worst first: impact, rule, where, and the first elements. */
export function formatFindings(findings: readonly Finding[]): string {
  return [...findings]
    .sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact))
    .map(
      (f) =>
        `${f.impact} ${f.rule} (${f.help}) on ${f.address} [${f.theme}, ${f.who}]: ${f.elements.join(' ; ')} — ${f.why}`,
    )
    .join('\n');
}
