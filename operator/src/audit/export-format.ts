import { csvRow } from '@nimbus/api/shared';
import type { AuditRecordView } from './record.js';

/** The columns of a CSV export, in order; the header row names them. */
export const csvColumns = [
  'id',
  'requestTime',
  'userName',
  'organization',
  'organizationUid',
  'level',
  'method',
  'operation',
  'category',
  'resource',
  'uri',
  'httpStatus',
  'code',
  'message',
  'handleTimeMs',
  'cluster',
  'namespace',
  'kind',
  'name',
  'requestHeader',
  'requestBody',
  'responseBody',
] as const satisfies readonly (keyof AuditRecordView)[];

const nullableColumns = new Set<string>([
  'organization',
  'organizationUid',
  'code',
  'cluster',
  'namespace',
  'kind',
  'name',
  'operation',
  'category',
]);
const numberColumns = new Set<string>(['httpStatus', 'code', 'handleTimeMs']);

export const csvHeader = csvRow(csvColumns);

/** One CSV row (RFC 4180, CRLF), objects as JSON text. */
export function encodeCsvRow(record: AuditRecordView): string {
  return csvRow(csvColumns.map((column) => record[column]));
}

export function encodeCsv(records: readonly AuditRecordView[]): string {
  return csvHeader + records.map(encodeCsvRow).join('');
}

/** One record per line; JSON escapes every line break inside a value. */
export function encodeJsonLine(record: AuditRecordView): string {
  return `${JSON.stringify(record)}\n`;
}

export function encodeJsonLines(records: readonly AuditRecordView[]): string {
  return records.map(encodeJsonLine).join('');
}

/** RFC 4180 rows of text (quoted cells may hold commas, quotes and line breaks). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

function columnValue(column: string, cell: string): unknown {
  const text = /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
  if (nullableColumns.has(column) && text === '') return null;
  if (numberColumns.has(column)) return Number(text);
  if (column === 'requestHeader') return JSON.parse(text || '{}') as unknown;
  return text;
}

/** Records back from a CSV export (the header row first), for tools and the round-trip test. */
export function decodeCsv(text: string): AuditRecordView[] {
  const [header, ...rows] = parseCsvRows(text);
  if (!header) return [];
  return rows.map(
    (cells) =>
      Object.fromEntries(
        header.map((column, index) => [column, columnValue(column, cells[index] ?? '')]),
      ) as unknown as AuditRecordView,
  );
}

export function decodeJsonLines(text: string): AuditRecordView[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as AuditRecordView);
}
