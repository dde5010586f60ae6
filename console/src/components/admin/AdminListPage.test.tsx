import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { AdminListPage } from './AdminListPage';
import { useListParams } from './useListParams';

interface Row {
  name: string;
}

function Teams({ refresh }: { refresh: () => unknown }) {
  const paging = useListParams();
  return (
    <AdminListPage<Row>
      title="Teams"
      testId="teams"
      rowKey={(row) => row.name}
      columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }]}
      items={[{ name: 'ops' }]}
      total={1}
      loading={false}
      emptyText="No teams"
      paging={paging}
      refresh={refresh}
    />
  );
}

it('reads the list again on Refresh, and shows the search the address holds', async () => {
  const refresh = vi.fn();
  const router = createMemoryRouter([{ path: '/teams', element: <Teams refresh={refresh} /> }], {
    initialEntries: ['/teams?search=ops'],
  });
  renderWithProviders(<RouterProvider router={router} />);

  expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ops');
  await userEvent.setup().click(screen.getByRole('button', { name: /Refresh/ }));
  expect(refresh).toHaveBeenCalledTimes(1);

  // Back to a view without a search: the box shows none.
  await router.navigate('/teams');
  await waitFor(() =>
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe(''),
  );
});
