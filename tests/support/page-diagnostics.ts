// What the browser pages of an end-to-end test were doing when it failed: each page's address
// and the requests still unanswered. CI keeps only the first lines of a failure message, and a
// time-out alone ("waitForURL: Timeout 30000ms exceeded") does not say whether the page never
// navigated, went elsewhere, or waited on a request (docs/testbed.md "When an end-to-end test fails").
import type { Browser, BrowserContext, Request } from 'playwright-core';

const tracked = new Set<BrowserContext>();
const inFlight = new Map<Request, number>();

/** Follows every context the browser opens from now on, until it closes. */
export function trackPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    tracked.add(context);
    context.on('close', () => tracked.delete(context));
    context.on('request', (request) => inFlight.set(request, Date.now()));
    const settled = (request: Request) => inFlight.delete(request);
    context.on('requestfinished', settled);
    context.on('requestfailed', settled);
    return context;
  };
  return browser;
}

const pathOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
};

/** The page a request came from; none for a service worker's own requests. */
const pageOf = (request: Request) => {
  try {
    return request.frame().page();
  } catch {
    return undefined;
  }
};

/** One line: every open page's path and its requests waiting for an answer, oldest first. */
export function describePages(now = Date.now()): string {
  const pages = [...tracked].flatMap((context) => context.pages()).filter((p) => !p.isClosed());
  if (pages.length === 0) return 'no page open';
  return pages
    .map((page) => {
      const waiting = [...inFlight]
        .filter(([request]) => pageOf(request) === page)
        .sort(([, a], [, b]) => a - b)
        .map(([request, since]) => {
          const seconds = ((now - since) / 1000).toFixed(1);
          return `${request.method()} ${pathOf(request.url())} ${seconds} s`;
        });
      const requests = waiting.length > 0 ? `waiting on ${waiting.join(', ')}` : 'no request open';
      return `page at ${pathOf(page.url())}, ${requests}`;
    })
    .join('; ');
}

interface FailureText {
  message?: string;
  stack?: string;
}

/** The failure with `line` as its second line, where CI's summary still shows it. */
export function withSecondLine(error: FailureText, line: string): void {
  const insert = (text: string) => {
    const end = text.indexOf('\n');
    return end < 0 ? `${text}\n${line}` : `${text.slice(0, end)}\n${line}${text.slice(end)}`;
  };
  if (typeof error.message === 'string') error.message = insert(error.message);
  if (typeof error.stack === 'string') error.stack = insert(error.stack);
}
