import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.js';

describe('csvCell', () => {
  it('quotes a cell holding a quote, comma or line break', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from reading a cell as a formula', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell("'=1")).toBe("''=1");
    expect(csvCell("it's")).toBe("it's");
  });

  it('writes nothing for null and undefined, and objects as JSON', () => {
    expect(csvRow([null, undefined, { a: 1 }, 2, true])).toBe(',,"{""a"":1}",2,true\r\n');
  });
});
