import { act, renderHook } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listParamsIn, useListParams, withListParams } from './useListParams';

describe('the admin list view in the address', () => {
  it('reads page, page size and search, and the defaults for anything else', () => {
    expect(listParamsIn(new URLSearchParams('page=3&pageSize=50&search=%20ops%20'), 20)).toEqual({
      page: 3,
      pageSize: 50,
      search: 'ops',
    });
    // Hand-edited or old links open the list, never an error.
    expect(listParamsIn(new URLSearchParams('page=-2&pageSize=7&search='), 20)).toEqual({
      page: 1,
      pageSize: 20,
    });
    expect(listParamsIn(new URLSearchParams('page=1.5&pageSize=x'), 20)).toEqual({
      page: 1,
      pageSize: 20,
    });
  });

  it('reads an order the server has, and leaves out name ascending (its default)', () => {
    expect(listParamsIn(new URLSearchParams('sort=created&order=desc'), 20)).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'created',
      order: 'desc',
    });
    expect(listParamsIn(new URLSearchParams('sort=created'), 20)).toMatchObject({
      sort: 'created',
      order: 'asc',
    });
    for (const query of ['sort=name&order=asc', 'sort=email&order=desc', 'order=desc']) {
      expect(listParamsIn(new URLSearchParams(query), 20)).toEqual({ page: 1, pageSize: 20 });
    }
    expect(
      withListParams(
        new URLSearchParams('sort=created&order=desc&page=3'),
        { page: 1, pageSize: 20, sort: 'name', order: 'desc' },
        20,
      ).toString(),
    ).toBe('sort=name&order=desc');
    expect(
      withListParams(
        new URLSearchParams('sort=created&order=desc'),
        { page: 1, pageSize: 20 },
        20,
      ).toString(),
    ).toBe('');
  });

  it('writes only what differs from the defaults, and keeps the other parameters', () => {
    const written = withListParams(
      new URLSearchParams('tab=rules&page=4'),
      { page: 1, pageSize: 20, search: 'web' },
      20,
    );
    expect(written.toString()).toBe('tab=rules&search=web');
    expect(withListParams(new URLSearchParams(), { page: 2, pageSize: 100 }, 20).toString()).toBe(
      'page=2&pageSize=100',
    );
  });
});

/** useListParams at `path`, with the router's address kept for the test to read. */
function renderAt(path: string) {
  const seen: { search: string } = { search: '' };
  function Address() {
    seen.search = useLocation().search;
    return null;
  }
  function Wrapper({ children }: { children: ReactNode }) {
    // One router for the test: the hook's state changes re-render the element it holds.
    const [router] = useState(() =>
      createMemoryRouter(
        [
          {
            path: '*',
            element: (
              <>
                {children}
                <Address />
              </>
            ),
          },
        ],
        { initialEntries: [path] },
      ),
    );
    return <RouterProvider router={router} />;
  }
  const hook = renderHook(() => useListParams(), { wrapper: Wrapper });
  return { hook, seen };
}

const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useListParams', () => {
  it('opens the page a link names, and a search starts over at its first page', () => {
    const { hook, seen } = renderAt('/admin/role/list?page=2&search=ops');
    expect(hook.result.current.params).toEqual({ page: 2, pageSize: 20, search: 'ops' });

    act(() => hook.result.current.setSearch('web'));
    expect(hook.result.current.params).toEqual({ page: 1, pageSize: 20, search: 'web' });
    expect(queryOf(seen.search)).toEqual({ search: 'web' });

    act(() => hook.result.current.pagination(200).onChange?.(3, 50));
    expect(hook.result.current.params).toEqual({ page: 1, pageSize: 50, search: 'web' });
    act(() => hook.result.current.pagination(200).onChange?.(3, 50));
    expect(queryOf(seen.search)).toEqual({ search: 'web', page: '3', pageSize: '50' });
  });
});
