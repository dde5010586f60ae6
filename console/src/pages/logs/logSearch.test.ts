import { describe, expect, it } from 'vitest';
import { LogBuffer } from './logBuffer';
import { findMatches, highlightSegments, stepMatch } from './logSearch';

const bufferOf = (...lines: string[]) => {
  const buffer = new LogBuffer();
  buffer.append(lines.map((line) => `${line}\n`).join(''));
  return buffer;
};

describe('findMatches', () => {
  it('finds the lines containing the text, ignoring case, as plain text', () => {
    const lines = bufferOf('GET /health 200', 'error: disk full', 'ERROR (x+y)', 'ok');
    expect(findMatches(lines, 'error')).toEqual([1, 2]);
    expect(findMatches(lines, '(x+y)')).toEqual([2]);
    expect(findMatches(lines, '')).toEqual([]);
    expect(findMatches(lines, 'missing')).toEqual([]);
  });
});

describe('highlightSegments', () => {
  it('cuts a line into plain and matching parts, keeping the original case', () => {
    expect(highlightSegments('Error: an error', 'error')).toEqual([
      { text: 'Error', match: true },
      { text: ': an ', match: false },
      { text: 'error', match: true },
    ]);
    expect(highlightSegments('plain', '')).toEqual([{ text: 'plain', match: false }]);
    expect(highlightSegments('', 'x')).toEqual([{ text: '', match: false }]);
  });
});

describe('stepMatch', () => {
  it('moves to the next or previous match and wraps around', () => {
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(1, 3, 1)).toBe(2);
    expect(stepMatch(5, 3, 1)).toBe(0);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });
});
