import { describe, expect, it } from 'vitest';
import { listMetadata, pageItems, textOf } from './list-page.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('listMetadata', () => {
  it('reads the metadata written before the items without parsing them', () => {
    const page =
      '{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"42","continue":"eyJ2IjoxfQ=="},"items":[{"metadata":{"name":"a"}},BROKEN';
    expect(listMetadata(bytes(page))).toEqual({ resourceVersion: '42', continue: 'eyJ2IjoxfQ==' });
  });

  it('parses the whole page when the items come first or there is no metadata', () => {
    expect(listMetadata(bytes('{"items":[],"metadata":{"resourceVersion":"7"}}'))).toEqual({
      resourceVersion: '7',
    });
    expect(listMetadata(bytes('{"kind":"List","items":[]}'))).toEqual({});
    expect(() => listMetadata(bytes('{"items":['))).toThrow(SyntaxError);
  });

  it('reads a view into a larger buffer from its own start', () => {
    const whole = bytes('xxxx{"metadata":{"resourceVersion":"5"},"items":[]}yyyy');
    const view = whole.subarray(4, whole.byteLength - 4);
    expect(listMetadata(view)).toEqual({ resourceVersion: '5' });
    expect(pageItems(view)).toEqual([]);
  });
});

describe('pageItems', () => {
  it('decodes UTF-8 and returns the items, or none', () => {
    const page = '{"metadata":{},"items":[{"metadata":{"name":"café-日本"}}]}';
    expect(pageItems(bytes(page))).toEqual([{ metadata: { name: 'café-日本' } }]);
    expect(textOf(bytes(page))).toBe(page);
    expect(pageItems(bytes('{"metadata":{}}'))).toEqual([]);
  });
});
