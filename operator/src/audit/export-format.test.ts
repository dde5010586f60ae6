import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/audit.js';
import {
  csvColumns,
  decodeCsv,
  decodeJsonLines,
  encodeCsv,
  encodeJsonLines,
  parseCsvRows,
} from './export-format.js';
import { toView } from './record.js';

/** Records whose text holds what breaks naive encoders: separators, quotes, breaks, formulas. */
const awkward = [
  sampleRecord({
    id: 'plain',
    method: 'DELETE',
    cluster: 'prod',
    namespace: 'shop',
    kind: 'namespaces',
    name: 'shop',
    level: 'Request',
    requestBody: '{"name":"shop","note":"a, \\"quoted\\" value\\nover two lines"}',
  }),
  sampleRecord({
    id: 'formulas',
    organization: 'org-a',
    message: '=HYPERLINK("http://evil.example","click")',
    requestBody: "'=already quoted",
    requestHeader: { 'user-agent': '+cmd|calc', 'x-nimbus-note': 'tab\there' },
    level: 'Metadata',
    code: null,
  }),
  sampleRecord({
    id: 'unicode',
    userName: 'zoë',
    message: '-1 失败 ✓\r\ncarriage',
    uri: '/api/v1/iam.nimbus.io/users?q=@home',
    requestBody: '',
    responseBody: '{"data":[1,2,3]}',
    level: 'RequestResponse',
  }),
].map(toView);

describe('audit export encodings', () => {
  it('round-trips every field through CSV', () => {
    const text = encodeCsv(awkward);
    expect(text.startsWith(`${csvColumns.join(',')}\r\n`)).toBe(true);
    expect(decodeCsv(text)).toEqual(awkward);
  });

  it('round-trips every field through JSON lines, one record per line', () => {
    const text = encodeJsonLines(awkward);
    expect(text.split('\n')).toHaveLength(awkward.length + 1);
    expect(decodeJsonLines(text)).toEqual(awkward);
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    const rows = parseCsvRows(encodeCsv(awkward));
    const cells = rows.flat();
    const runnable = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(runnable).toEqual([]);
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","click")`);
  });

  it('writes an empty export as the header row alone', () => {
    expect(decodeCsv(encodeCsv([]))).toEqual([]);
    expect(encodeJsonLines([])).toBe('');
  });
});
