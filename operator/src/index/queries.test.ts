import { listQuery } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import type { CallerClusters } from '../access/caller-scope.js';
import { ApiError, errors } from '../core/errors.js';
import { InvalidCursorError } from './cursor.js';
import { listObjects } from './queries.js';
import type { IndexReader } from './reader.js';

const caller: CallerClusters = { visible: [], access: {}, owners: {}, scope: [] };

/** A reader whose list answers as given; nothing else of it is asked. */
const readerListing = (list: IndexReader['list']): IndexReader =>
  ({ list }) as Partial<IndexReader> as IndexReader;

// The SQLite store throws on a bad cursor, the PostgreSQL one rejects: both answer 1000.
describe.each([
  [
    'thrown',
    readerListing(() => {
      throw new InvalidCursorError();
    }),
  ],
  ['rejected', readerListing(() => Promise.reject(new InvalidCursorError()))],
])('a bad cursor %s by the index', (_how, reader) => {
  it('is a validation failure on cursor', async () => {
    const failure = listObjects(reader, caller, 'pods', listQuery.parse({ cursor: 'x' }));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      entry: errors.validationFailed,
      details: [{ path: 'cursor' }],
    });
  });
});
