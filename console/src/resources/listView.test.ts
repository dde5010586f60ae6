import { describe, expect, it } from 'vitest';
import { firstPage, listViewParams, readListView } from './listView';

describe('list views in the URL', () => {
  it('reads the defaults from an empty query and writes none of them back', () => {
    const view = readListView(new URLSearchParams());
    expect(view).toEqual({ filters: {}, sort: 'name', order: 'asc', pageSize: 20 });
    expect(listViewParams(view).toString()).toBe('');
  });

  it('round-trips filters, order, page size and page', () => {
    const query =
      'cluster=alpha&namespace=shop&label=app%3Aweb&name=web&sort=created&order=desc&pageSize=50&cursor=c2';
    const view = readListView(new URLSearchParams(query));
    expect(view).toEqual({
      filters: { cluster: 'alpha', namespace: 'shop', label: 'app:web', name: 'web' },
      sort: 'created',
      order: 'desc',
      pageSize: 50,
      cursor: 'c2',
    });
    expect(listViewParams(view).toString()).toBe(query);
    expect(listViewParams(firstPage(view)).has('cursor')).toBe(false);
  });

  it('takes what it does not understand as the default', () => {
    const view = readListView(
      new URLSearchParams('sort=size&order=up&pageSize=7&cluster=%20&name=%20x%20'),
    );
    expect(view).toEqual({ filters: { name: 'x' }, sort: 'name', order: 'asc', pageSize: 20 });
  });
});
