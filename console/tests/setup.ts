import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route chunks are transformed on first import, which takes seconds on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

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
