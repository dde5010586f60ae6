import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { CREATE_FORMS } from '../../resources/resourceKinds';
import { findPageRoute } from '../../routes/generateRoutes';
import { routeTable } from '../../routes/routeTable';
import AddChooserPage, { CHOOSER_GROUPS } from './AddChooserPage';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

it('offers every creation form and the import, each once', () => {
  const offered = CHOOSER_GROUPS.flatMap((group) => group.choices);
  expect([...offered].sort()).toEqual([...CREATE_FORMS, 'import'].sort());
});

it('links each choice to its form, reachable with the keyboard', async () => {
  const user = userEvent.setup();
  renderAdminRoutes(
    [
      { path: '/add', element: <AddChooserPage /> },
      { path: '/add/:form', element: <p>form page</p> },
    ],
    '/add',
    server,
  );
  expect(await screen.findByRole('heading', { name: 'Create a resource' })).toBeDefined();
  expect(screen.getByRole('link', { name: 'Import YAML' }).getAttribute('href')).toBe(
    '/add/import',
  );
  expect(screen.getByRole('link', { name: 'Create config map' }).getAttribute('href')).toBe(
    '/add/ConfigMap',
  );
  expect(screen.getByText('Passwords, TLS certificates, registry credentials')).toBeDefined();

  const links = screen.getAllByRole('link');
  expect(links).toHaveLength(CREATE_FORMS.length + 1);
  await user.tab();
  expect(document.activeElement).toBe(links[0]);
  await user.keyboard('{Enter}');
  expect(await screen.findByText('form page')).toBeDefined();
});

it('is the page the route table opens at /add', async () => {
  const Page = (await findPageRoute(routeTable, '/add')?.page())?.default;
  expect(Page).toBe(AddChooserPage);
});
