import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../core/errors.js';
import { fromAfterToMessage, parseAuditQuery } from './query.js';

function failure(query: Record<string, unknown>): ApiError {
  try {
    parseAuditQuery(query);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the query to be refused');
}

describe('audit list query', () => {
  it('defaults to the first page of 20 without filters', () => {
    expect(parseAuditQuery({})).toEqual({ filter: {}, page: 1, pageSize: 20 });
  });

  it('reads every filter, ignoring empty parameters as the console sends them', () => {
    const query = parseAuditQuery({
      user: ' alice ',
      resource: 'iam/users',
      method: 'post',
      status: '403',
      code: '9997',
      from: '2030-01-01T00:00:00Z',
      to: '1893456060000',
      page: '3',
      pageSize: '50',
      search: '',
      ignored: '',
    });
    expect(query).toEqual({
      filter: {
        user: 'alice',
        resource: 'iam/users',
        method: 'POST',
        httpStatus: 403,
        code: 9997,
        from: Date.UTC(2030, 0, 1),
        to: 1_893_456_060_000,
      },
      page: 3,
      pageSize: 50,
    });
  });

  it('accepts RFC 3339 with an offset and fractions', () => {
    expect(parseAuditQuery({ from: '2030-01-01T09:00:00.5+09:00' }).filter.from).toBe(
      Date.UTC(2030, 0, 1, 0, 0, 0, 500),
    );
  });

  it("refuses a start after the end with the spec's message", () => {
    const error = failure({ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' });
    expect(error.entry).toBe(errors.validationFailed);
    expect(error.message).toBe(fromAfterToMessage);
    expect(error.message).toBe("Start time couldn't later than end time");
  });

  it('refuses malformed times, statuses, methods and oversized pages', () => {
    for (const query of [
      { from: 'yesterday' },
      { to: '2030-01-01' },
      { status: '42' },
      { method: 'GET;DROP' },
      { pageSize: '101' },
      { page: '0' },
      { user: ['a', 'b'] },
    ]) {
      expect(failure(query).entry).toBe(errors.validationFailed);
    }
  });

  it('refuses pages deeper than the merge window', () => {
    expect(parseAuditQuery({ page: '100', pageSize: '100' }).page).toBe(100);
    expect(failure({ page: '101', pageSize: '100' }).entry).toBe(errors.validationFailed);
  });
});
