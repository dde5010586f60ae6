import { describe, expect, it } from 'vitest';
import { readProductHost } from './productHost';

function documentWithMeta(content?: string): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (content !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'nimbus-host';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readProductHost', () => {
  it('reads the nimbus-host meta tag', () => {
    expect(readProductHost(documentWithMeta('example.com'))).toBe('example.com');
  });

  it('defaults to nimbus.io without a meta tag', () => {
    expect(readProductHost(documentWithMeta())).toBe('nimbus.io');
  });

  it('ignores a value that is not a host name', () => {
    expect(readProductHost(documentWithMeta('evil.io/../auth'))).toBe('nimbus.io');
  });
});
