import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { renderAdminRoutes } from '../../../tests/adminTestBed';
import { ALICE_SESSION, organization, serveSignedInUser } from '../../../tests/fakeIdentityApi';
import { renderApp } from '../../../tests/renderApp';
import { saveSession } from '../../session/session';
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

/** Alice, allowed `permissions` on cluster prod only, at /add. */
async function chooserFor(permissions: string[]) {
  saveSession(ALICE_SESSION);
  serveSignedInUser(server, {
    organizations: [organization('acme')],
    user: { clusterAccess: [{ cluster: 'prod', effect: 'Allow', permissions }] },
  });
  renderApp('/add', { apiOrigin: server.origin });
  return screen.findByTestId('add-chooser');
}

it('offers a narrow role only the forms it may create with, and the import', async () => {
  const chooser = await chooserFor(['configmap:create', 'configmap:list', 'application:create']);
  await within(chooser).findByRole('link', { name: 'Create config map' });
  expect(
    within(chooser)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual([
    // application:create covers the workload forms: each creates through the Application kind.
    '/add/Application',
    '/add/Deployment',
    '/add/StatefulSet',
    '/add/CronJob',
    '/add/DaemonSet',
    '/add/import',
    '/add/ConfigMap',
  ]);
  expect(
    within(chooser)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent),
  ).toEqual(['Applications', 'Configuration']);
});

it('says so when her roles create nothing, offering no form and no import', async () => {
  const chooser = await chooserFor(['configmap:list']);
  expect(
    await within(chooser).findByText(/Your roles let you create nothing on any cluster yet/),
  ).toBeDefined();
  expect(within(chooser).queryAllByRole('link')).toEqual([]);
});
