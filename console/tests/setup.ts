import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { stopTokenStatistic } from './antdTokenStatistic';
import { stopOwnerStackCapture } from './reactOwnerStacks';

// Under NODE_ENV=test, antd's id hook (@rc-component/util useId) gives every element the same id,
// "test-id": a dialog's aria-labelledby then names it after whichever such element comes first in
// the page, so `findByRole('dialog', { name })` depends on what else has rendered (it made
// ResourceDelete.test.tsx fail once a pod's detail sections were loaded before the dialog). Read
// at render time, so set before any test renders: React's own unique ids, as in the browser.
process.env.NODE_ENV = 'development';

// Lazy route chunks are transformed on first import, and antd forms under jsdom render slowly,
// which takes tens of seconds when `make test` builds the image beside the unit tiers on 2 cores.
// This is a cap against a hung wait, not a speed check.
configure({ asyncUtilTimeout: 30_000 });

// About a seventh of the tier's CPU went to stack traces React takes for its developer tools.
stopOwnerStackCapture();
// And a few per cent to antd recording which design tokens its styles read; before antd loads.
stopTokenStatistic();

const inBrowserLikeEnvironment = typeof window !== 'undefined';

// jsdom lacks matchMedia, which antd's responsive helpers call.
if (inBrowserLikeEnvironment && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom lacks ResizeObserver, which antd's tabs and selects use to measure themselves.
if (inBrowserLikeEnvironment && typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

afterEach(() => {
  if (inBrowserLikeEnvironment) {
    cleanup();
    localStorage.clear();
  }
});

// CodeMirror measures text ranges, which jsdom does not lay out.
if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
}
