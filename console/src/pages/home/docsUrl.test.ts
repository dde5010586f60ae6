import { expect, it } from 'vitest';
import { docsUrlFor } from './docsUrl';

it.each([
  ['zh', '/docs/zh/'],
  ['zh-CN', '/docs/zh/'],
  ['en', '/docs/en/'],
  ['en-GB', '/docs/en/'],
  ['ja', '/docs/en/'],
])(
  'sends a %s reader to %s (SPEC §2: Chinese to Chinese docs, the others to English)',
  (language, url) => {
    expect(docsUrlFor(language)).toBe(url);
  },
);
