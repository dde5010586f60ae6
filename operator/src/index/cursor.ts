// Opaque keyset cursors: the sort key of the last row handed out, bound to the sort it came from.
export type CursorKey = Array<string | number>;

/**
 * The key column that is the row's number (store-query.ts sortColumns): an integer in the
 * cursor, every other key column text. PostgreSQL hands a bigint over as a string, SQLite as a
 * number; the cursor holds the number either way.
 */
const rowNumberColumn = 'id';

export function encodeCursor(sort: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify([sort, ...key]), 'utf8').toString('base64url');
}

/** The cursor key of a row read by a list: its values of the sort's key columns. */
export function cursorKeyOf(columns: readonly string[], row: Record<string, unknown>): CursorKey {
  return columns.map((column) =>
    column === rowNumberColumn ? Number(row[column]) : (row[column] as string),
  );
}

/**
 * The key to continue after, or an error when the cursor is malformed or from another sort. Each
 * part must have its column's type: a crafted cursor must not reach the database as a value it
 * cannot compare (PostgreSQL refuses text for a bigint).
 */
export function decodeCursor(sort: string, cursor: string, columns: readonly string[]): CursorKey {
  const decoded = parsed(cursor);
  if (
    !Array.isArray(decoded) ||
    decoded.length !== columns.length + 1 ||
    decoded[0] !== sort ||
    !columns.every((column, at) => fitsColumn(column, decoded[at + 1]))
  ) {
    throw new InvalidCursorError();
  }
  return decoded.slice(1) as CursorKey;
}

function parsed(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
}

function fitsColumn(column: string, part: unknown): boolean {
  return column === rowNumberColumn ? Number.isSafeInteger(part) : typeof part === 'string';
}

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid pagination cursor');
    this.name = 'InvalidCursorError';
  }
}
