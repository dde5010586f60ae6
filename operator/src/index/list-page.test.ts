import { describe, expect, it } from 'vitest';
import { listMetadata, pageItems, textOf } from './list-page.js';

const bytes = (text: string) => new TextEncoder().encode(text);
/** The text's bytes cut at the given byte offsets, as a socket might deliver them. */
const cut = (text: string, ...at: number[]) => {
  const whole = bytes(text);
  return [0, ...at].map((start, i) => whole.slice(start, at[i] ?? whole.byteLength));
};

describe('listMetadata', () => {
  it('reads the metadata written before the items without parsing them', () => {
    const page =
      '{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"42","continue":"eyJ2IjoxfQ=="},"items":[{"metadata":{"name":"a"}},BROKEN';
    expect(listMetadata([bytes(page)])).toEqual({
      resourceVersion: '42',
      continue: 'eyJ2IjoxfQ==',
    });
    // The same with `"items":` split between two chunks, and the metadata between three.
    const at = page.indexOf('"items":') + 3;
    expect(listMetadata(cut(page, 20, 60, at))).toEqual({
      resourceVersion: '42',
      continue: 'eyJ2IjoxfQ==',
    });
  });

  it('parses the whole page when the items come first or there is no metadata', () => {
    expect(listMetadata([bytes('{"items":[],"metadata":{"resourceVersion":"7"}}')])).toEqual({
      resourceVersion: '7',
    });
    expect(listMetadata(cut('{"items":[],"metadata":{"resourceVersion":"7"}}', 5, 30))).toEqual({
      resourceVersion: '7',
    });
    expect(listMetadata([bytes('{"kind":"List","items":[]}')])).toEqual({});
    expect(() => listMetadata([bytes('{"items":[')])).toThrow(SyntaxError);
  });

  it('parses the whole page when its metadata is not within the first 64 KiB', () => {
    const kind = 'K'.repeat(70 * 1024);
    const page = `{"kind":"${kind}","metadata":{"resourceVersion":"8"},"items":[]}`;
    const chunks = cut(page, 16384, 32768, 49152, 65536);
    expect(listMetadata(chunks)).toEqual({ resourceVersion: '8' });
  });

  it('reads views into larger buffers from their own starts', () => {
    const whole = bytes('xxxx{"metadata":{"resourceVersion":"5"},"items":[]}yyyy');
    const view = whole.subarray(4, whole.byteLength - 4);
    expect(listMetadata([view])).toEqual({ resourceVersion: '5' });
    expect(pageItems([view])).toEqual([]);
    expect(pageItems([view.subarray(0, 10), view.subarray(10)])).toEqual([]);
  });
});

describe('pageItems', () => {
  it('decodes UTF-8, a character split between chunks included, and returns the items', () => {
    const page = '{"metadata":{},"items":[{"metadata":{"name":"café-日本"}}]}';
    expect(pageItems([bytes(page)])).toEqual([{ metadata: { name: 'café-日本' } }]);
    expect(textOf([bytes(page)])).toBe(page);
    // é is two bytes and 日 three: cut inside each.
    const e = bytes(page.slice(0, page.indexOf('é'))).byteLength + 1;
    const ri = bytes(page.slice(0, page.indexOf('日'))).byteLength + 2;
    expect(pageItems(cut(page, e, ri))).toEqual([{ metadata: { name: 'café-日本' } }]);
    expect(textOf(cut(page, e, ri))).toBe(page);
    expect(pageItems([bytes('{"metadata":{}}')])).toEqual([]);
  });
});
