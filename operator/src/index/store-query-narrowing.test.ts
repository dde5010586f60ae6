import { describe, expect, it } from 'vitest';
import { nameMatch, narrowedPiece, searchMatch } from './store-query.js';

describe('narrowedPiece', () => {
  it('takes the last six characters of a printable ASCII text of nine or more', () => {
    expect(narrowedPiece('bench-pod-106050')).toBe('106050');
    expect(narrowedPiece('web-7d4b9c-x2')).toBe('b9c-x2');
    expect(narrowedPiece('app-42-abc')).toBe('42-abc');
    expect(narrowedPiece('app-42-ab')).toBe('-42-ab');
  });

  it('leaves short texts and any other characters to the whole phrase', () => {
    expect(narrowedPiece('app-42-a')).toBeUndefined();
    expect(narrowedPiece('café-crème-1')).toBeUndefined();
    expect(narrowedPiece('line\nbreak-1234')).toBeUndefined();
  });

  it("narrows a search and a name filter alike, lower-cased, in the names' one column", () => {
    expect(searchMatch('  Bench-Pod-106050 ')).toEqual({
      match: '"Bench-Pod-106050"',
      narrowed: { piece: '"106050"', text: 'bench-pod-106050' },
    });
    expect(nameMatch('Say-hi-"there"')).toEqual({
      match: '"Say-hi-""there"""',
      narrowed: { piece: '"there"""', text: 'say-hi-"there"' },
    });
    expect(searchMatch('web')).toEqual({ match: '"web"' });
    expect(searchMatch('we')).toBeUndefined();
  });
});
