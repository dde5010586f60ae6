import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ALICE_SESSION, organization, serveSignedInUser } from '../../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderApp } from '../../../tests/renderApp';
import { readSession, saveSession } from '../../session/session';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

it('switches organization from the header and regenerates the routes for the new role', async () => {
  saveSession({ ...ALICE_SESSION, organization: 'acme' });
  serveSignedInUser(server, {
    organizations: [organization('acme', true), organization('globex', false)],
  });
  const user = userEvent.setup();
  const { router } = renderApp('/admin/cluster/list', { apiOrigin: server.origin });
  expect(await screen.findByRole('heading', { name: 'Clusters', level: 2 })).toBeDefined();

  await user.click(within(screen.getByTestId('header-org-switcher')).getByRole('combobox'));
  await user.click(await screen.findByRole('option', { name: 'globex' }));

  // Re-rendered through /redirect in globex, where alice is no administrator.
  await waitFor(() => expect(router.state.location.pathname).toBe('/notFound'));
  expect(readSession().organization).toBe('globex');
  expect(await screen.findByRole('heading', { name: 'Page not found', level: 2 })).toBeDefined();
});
