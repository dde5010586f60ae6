import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { readHiddenColumns, saveHiddenColumns } from '../../resources/hiddenColumns';
import { setSessionOrganization } from '../../session/session';
import {
  type FakeEventSource,
  stopFakeEventSources,
  useFakeEventSources,
} from '../../../tests/fakeEventSource';
import type { AdminColumn } from './adminColumns';
import { AdminListPage, type AdminListPageProps } from './AdminListPage';
import type { ReadPage } from './readEveryPage';
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

interface Member {
  name: string;
  email: string;
  createdAt: string;
}

const members: Member[] = [
  { name: 'carol', email: 'c@example.com', createdAt: '2026-01-03T00:00:00Z' },
  { name: 'alice', email: '=cmd|calc', createdAt: '2026-01-02T00:00:00Z' },
  { name: 'bob', email: 'b@example.com', createdAt: '2026-01-01T00:00:00Z' },
];

const memberColumns: AdminColumn<Member>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', sort: 'name' },
  { key: 'email', title: 'Email', dataIndex: 'email' },
  {
    key: 'createdAt',
    title: 'Created at',
    sort: 'created',
    text: (member) => member.createdAt,
    render: (_value, member) => member.createdAt.slice(0, 10),
  },
];

/** A server-paged list of members: the page shown, and every page through `readPage`. */
function Members({ readPage }: { readPage: ReadPage<Member> }) {
  const paging = useListParams();
  return (
    <AdminListPage<Member>
      title="Members"
      testId="admin-members-table"
      rowKey={(row) => row.name}
      columns={memberColumns}
      items={members.slice(0, 2)}
      total={members.length}
      loading={false}
      emptyText="No members"
      paging={paging}
      readPage={readPage}
    />
  );
}

function renderMembers(readPage: ReadPage<Member> = () => Promise.reject(new Error('unused'))) {
  const router = createMemoryRouter(
    [{ path: '/members', element: <Members readPage={readPage} /> }],
    {
      initialEntries: ['/members'],
    },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, view };
}

const headers = () =>
  within(screen.getByTestId('admin-members-table'))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** The table's heading of a column (antd draws a second, hidden header row to measure widths). */
const headerOf = (testId: string, title: string): HTMLElement => {
  const found = within(screen.getByTestId(testId))
    .getAllByRole('columnheader')
    .find((header) => header.textContent === title);
  if (!found) throw new Error(`no column ${title}`);
  return found;
};

const sortOf = (title: string) => headerOf('admin-members-table', title).getAttribute('aria-sort');

it('sorts on the server by the column clicked, kept in the address from the first page', async () => {
  const { router } = renderMembers();
  const user = userEvent.setup();
  // Name ascending is the server's order when the address names none.
  expect(sortOf('Name')).toBe('ascending');
  await router.navigate('/members?page=2');

  await user.click(headerOf('admin-members-table', 'Created at'));
  await waitFor(() => expect(router.state.location.search).toBe('?sort=created&order=asc'));
  expect(sortOf('Created at')).toBe('ascending');
  expect(sortOf('Name')).toBeNull();

  await user.click(headerOf('admin-members-table', 'Created at'));
  await waitFor(() => expect(router.state.location.search).toBe('?sort=created&order=desc'));
  expect(sortOf('Created at')).toBe('descending');

  // A third click leaves the column's order: the list is by name again, the default.
  await user.click(headerOf('admin-members-table', 'Created at'));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(sortOf('Name')).toBe('ascending');
  // Email is not an order the server has: it does not pretend to sort a page of the list.
  expect(headerOf('admin-members-table', 'Email').classList).not.toContain(
    'ant-table-column-has-sorters',
  );
});

it('hides the columns the user unticks, keeps the first, and remembers the choice', async () => {
  const user = userEvent.setup();
  const first = renderMembers();
  await user.click(screen.getByTestId('admin-members-table-columns'));
  const choice = await screen.findByTestId('admin-members-table-columns-choice');
  expect(within(choice).queryByRole('checkbox', { name: 'Name' })).toBeNull();
  await user.click(within(choice).getByRole('checkbox', { name: 'Email' }));
  await waitFor(() => expect(headers()).not.toContain('Email'));
  expect(headers()).toEqual(expect.arrayContaining(['Name', 'Created at']));
  first.view.unmount();

  renderMembers();
  expect(headers()).not.toContain('Email');
  expect(readHiddenColumns('', 'admin:admin-members-table')).toEqual(['email']);
  saveHiddenColumns('', 'admin:admin-members-table', []);
});

it('exports every page of the list in its order as CSV, the shown columns, formulas defused', async () => {
  const written: Blob[] = [];
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    written.push(blob as Blob);
    return 'blob:members';
  });
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const readPage = vi.fn<ReadPage<Member>>((page) =>
    Promise.resolve({ items: page === 1 ? members.slice(0, 2) : members.slice(2), total: 3 }),
  );
  try {
    const { router } = renderMembers(readPage);
    await router.navigate('/members?sort=created&order=desc');
    await userEvent.setup().click(screen.getByTestId('admin-members-table-export'));
    await waitFor(() => expect(written).toHaveLength(1));

    expect(readPage.mock.calls).toEqual([
      [1, 100],
      [2, 100],
    ]);
    const bytes = new Uint8Array((await written[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    // A byte-order mark first, so that a spreadsheet reads Chinese and Japanese headings as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Name,Email,Created at\r\n' +
        'carol,c@example.com,2026-01-03T00:00:00Z\r\n' +
        "alice,'=cmd|calc,2026-01-02T00:00:00Z\r\n" +
        'bob,b@example.com,2026-01-01T00:00:00Z\r\n',
    );
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^nimbus-members-\d{4}-\d{2}-\d{2}\.csv$/);
  } finally {
    createObjectURL.mockRestore();
    revokeObjectURL.mockRestore();
    click.mockRestore();
  }
});

/** The members held whole in the browser (no server paging), as list `testId`. */
function renderWholeList(testId: string, more: Partial<AdminListPageProps<Member>> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/members',
        element: (
          <AdminListPage<Member>
            title="Members"
            testId={testId}
            rowKey={(row) => row.name}
            columns={memberColumns}
            items={members}
            total={members.length}
            loading={false}
            emptyText="No members"
            {...more}
          />
        ),
      },
    ],
    { initialEntries: ['/members'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

it('sorts a list it holds whole by any column with a plain value', async () => {
  renderWholeList('local-members');
  const names = () =>
    within(screen.getByTestId('local-members'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
  expect(names()).toEqual(['carol', 'alice', 'bob']);
  await userEvent.setup().click(headerOf('local-members', 'Created at'));
  await waitFor(() => expect(names()).toEqual(['bob', 'alice', 'carol']));
});

it("reads a live list again when the change stream says its organization's list changed", async () => {
  const open = useFakeEventSources();
  setSessionOrganization('acme-uid');
  const refresh = vi.fn();
  try {
    renderWholeList('live-members', { refresh, live: 'hub.users' });
    await waitFor(() => expect(open()).toHaveLength(1));
    const source = open()[0] as FakeEventSource;
    expect(new URL(source.url, 'http://console.test').searchParams.getAll('kind')).toEqual([
      'hub.users',
    ]);
    source.send('ready');
    await screen.findByTestId('live-mark');
    const listChanged = (organization: string) => ({
      changes: [
        { cluster: '', kind: 'hub.users', namespace: '', name: '', type: 'relist', organization },
      ],
    });
    source.send('changes', listChanged('globex-uid'));
    expect(refresh).not.toHaveBeenCalled();
    source.send('changes', listChanged('acme-uid'));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
  } finally {
    setSessionOrganization(undefined);
    stopFakeEventSources();
  }
});
