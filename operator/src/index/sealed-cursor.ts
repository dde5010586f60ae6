// The index lists' cursors leave the operator sealed. Inside is the keyset key of the page's last
// row (cursor.ts), whose row number counts every write to the shared index: two pages' numbers
// would tell a caller how much other organizations' clusters changed in between
// (docs/index.md, "Store API").
import { invalid } from '../core/problems.js';
import { openText, sealText } from '../core/sealed-text.js';

export function sealCursor(key: Buffer, cursor: string): string {
  return sealText(key, cursor);
}

/** The store's cursor inside `sealed`; a 400 on the cursor field when it does not open. */
export function openCursor(key: Buffer, sealed: string): string {
  const cursor = openText(key, sealed);
  if (cursor === undefined) throw invalid('cursor', 'invalid pagination cursor');
  return cursor;
}
