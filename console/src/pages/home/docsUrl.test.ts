import { expect, it } from 'vitest';
import { docsUrlFor } from './docsUrl';

it.each([
  ['zh', '/docs/zh/'],
  ['zh-CN', '/docs/zh/'],
  ['en', '/docs/en/'],
  ['en-GB', '/docs/en/'],
  ['ja', '/docs/ja/'],
  ['ja-JP', '/docs/ja/'],
  ['fr', '/docs/en/'],
])(
  'sends a %s reader to %s (Chinese and Japanese to their guides, the others to English)',
  (language, url) => {
    expect(docsUrlFor(language)).toBe(url);
  },
);
