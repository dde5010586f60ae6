// Opaque keyset cursors: the sort key of the last row handed out, bound to the sort it came from.
export type CursorKey = Array<string | number>;

export function encodeCursor(sort: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify([sort, ...key]), 'utf8').toString('base64url');
}

/** The key to continue after, or an error when the cursor is malformed or from another sort. */
export function decodeCursor(sort: string, cursor: string, length: number): CursorKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== length + 1 ||
    decoded[0] !== sort ||
    !decoded.every((part) => typeof part === 'string' || typeof part === 'number')
  ) {
    throw new InvalidCursorError();
  }
  return decoded.slice(1) as CursorKey;
}

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid pagination cursor');
    this.name = 'InvalidCursorError';
  }
}
