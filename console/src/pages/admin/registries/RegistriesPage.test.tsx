import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, ORG_ID, page, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { registryView } from '../../../../tests/registryViews';
import RegistriesPage from './RegistriesPage';

const LIST = `${API}/manage.nimbus.io/organizations/${ORG_ID}/registries?page=1&pageSize=20`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

it('shows each registry with its description, whether it is plain http, and a way to browse it', async () => {
  const description = 'Images the shop team builds in CI, kept for ninety days before cleanup';
  server.respond(
    LIST,
    ok(
      page([
        registryView('private', { description }),
        registryView('lab', { kind: 'Harbor', host: '10.0.0.5:8080', plainHttp: true }),
      ]),
    ),
  );
  renderAdminRoutes(
    [{ path: '/admin/registry/list', element: <RegistriesPage /> }],
    '/admin/registry/list',
    server,
  );

  const table = await screen.findByTestId('registry-list-table');
  const privateRow = (await within(table).findByText('private')).closest('tr');
  const labRow = within(table).getByText('lab').closest('tr');
  if (!privateRow || !labRow) throw new Error('no registry rows');

  // Cut short to fit the table; the full text is the cell's title.
  expect(within(privateRow).getByText(description)).toBeDefined();
  expect(within(privateRow).getByTitle(description)).toBeDefined();
  expect(within(privateRow).queryByText('Plain HTTP')).toBeNull();
  expect(within(labRow).getByText('Plain HTTP')).toBeDefined();

  expect(within(privateRow).getByRole('link', { name: 'Browse' }).getAttribute('href')).toBe(
    '/admin/registry/browse/private',
  );
  expect(within(labRow).getByRole('link', { name: 'Browse' }).getAttribute('href')).toBe(
    '/admin/registry/browse/lab',
  );
});
