import { describe, expect, it } from 'vitest';
import { LogBuffer, MAX_KEPT_LINES } from './logBuffer';

describe('LogBuffer', () => {
  it('joins lines split across chunks and shows the unfinished one last', () => {
    const buffer = new LogBuffer();
    buffer.append('first li');
    expect(buffer.lines()).toEqual(['first li']);
    buffer.append('ne\nsecond\r\nthi');
    expect(buffer.lines()).toEqual(['first line', 'second', 'thi']);
    expect(buffer.length).toBe(3);
    buffer.append('rd\n');
    expect(buffer.lines()).toEqual(['first line', 'second', 'third']);
    expect(buffer.line(2)).toBe('third');
  });

  it('keeps an unfinished last line when the stream ends', () => {
    const buffer = new LogBuffer();
    buffer.append('a\nb');
    buffer.finish();
    buffer.append('c\n');
    expect(buffer.lines()).toEqual(['a', 'b', 'c']);
  });

  it('keeps only the newest lines up to its capacity and counts the ones let go', () => {
    const buffer = new LogBuffer(3);
    buffer.append('1\n2\n3\n4\n');
    expect(buffer.lines()).toEqual(['2', '3', '4']);
    expect(buffer.dropped).toBe(1);
    for (let i = 5; i <= 20; i++) buffer.append(`${i}\n`);
    expect(buffer.lines()).toEqual(['18', '19', '20']);
    expect(buffer.dropped).toBe(17);
    expect([0, 1, 2].map((i) => buffer.line(i))).toEqual(['18', '19', '20']);
  });

  it('holds a hundred thousand lines by default, and its version moves with each change', () => {
    const buffer = new LogBuffer();
    expect(buffer.capacity).toBe(MAX_KEPT_LINES);
    const before = buffer.version;
    buffer.append(Array.from({ length: MAX_KEPT_LINES + 10 }, (_, i) => `line ${i}\n`).join(''));
    expect(buffer.length).toBe(MAX_KEPT_LINES);
    expect(buffer.dropped).toBe(10);
    expect(buffer.line(0)).toBe('line 10');
    expect(buffer.version).toBeGreaterThan(before);
    buffer.clear();
    expect([buffer.length, buffer.dropped]).toEqual([0, 0]);
  });
});
