import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import { listOrder, matchesSearch, pageQuery, paginate } from './paging.js';
import { sortedPageQuery } from '@nimbus/api';
import { parseRequest } from '../core/problems.js';

const items = Array.from({ length: 45 }, (_, i) => `item-${String(i).padStart(2, '0')}`);

describe('paging', () => {
  it('defaults to the first page of 20', () => {
    const page = paginate(items, pageQuery.parse({}));
    expect(page).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(page.items).toHaveLength(20);
    expect(page.items[0]).toBe('item-00');
  });

  it('reads page and pageSize from query strings, and returns the partial last page', () => {
    const page = paginate(items, pageQuery.parse({ page: '3', pageSize: '20' }));
    expect(page.items).toEqual(['item-40', 'item-41', 'item-42', 'item-43', 'item-44']);
    expect(paginate(items, pageQuery.parse({ page: '9' })).items).toEqual([]);
  });

  it('maps only the items of the page', () => {
    let mapped = 0;
    paginate(items, pageQuery.parse({ pageSize: '5' }), (item) => (mapped++, item));
    expect(mapped).toBe(5);
  });

  it.each([{ page: '0' }, { pageSize: '101' }, { page: 'x' }, { pageSize: '0' }])(
    'refuses %o with 1000',
    (query) => {
      expect(() => parseRequest(pageQuery, query)).toThrow(ApiError);
    },
  );

  it('searches case-insensitively in any field', () => {
    expect(matchesSearch('ALI', 'bob', 'Alice')).toBe(true);
    expect(matchesSearch('zed', 'bob', undefined)).toBe(false);
    expect(matchesSearch(undefined, 'bob')).toBe(true);
  });

  describe("the admin lists' order", () => {
    const named = (name: string, creationTimestamp?: string) => ({
      metadata: { name, ...(creationTimestamp ? { creationTimestamp } : {}) },
    });
    const rows = [
      named('carol', '2026-01-02T00:00:00Z'),
      named('alice', '2026-01-03T00:00:00Z'),
      named('bob', '2026-01-02T00:00:00Z'),
      named('dave'),
    ];
    const names = (sort?: string, order?: string) =>
      [...rows]
        .sort(listOrder(sortedPageQuery.parse({ sort, order })))
        .map((row) => row.metadata.name);

    it('is by name, ascending, unless asked', () => {
      expect(names()).toEqual(['alice', 'bob', 'carol', 'dave']);
      expect(names('name', 'desc')).toEqual(['dave', 'carol', 'bob', 'alice']);
    });

    it('is by creation time with the name between objects of the same second', () => {
      expect(names('created')).toEqual(['dave', 'bob', 'carol', 'alice']);
      expect(names('created', 'desc')).toEqual(['alice', 'carol', 'bob', 'dave']);
    });

    it.each([{ sort: 'email' }, { order: 'up' }])('refuses %o with 1000', (query) => {
      expect(() => parseRequest(sortedPageQuery, query)).toThrow(ApiError);
    });
  });
});
