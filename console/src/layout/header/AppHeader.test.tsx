import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE_SESSION,
  AUTH,
  organization,
  requestsTo,
  serveSignedInUser,
} from '../../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderApp } from '../../../tests/renderApp';
import { readHistory } from '../../session/recentHistory';
import { readSession, saveSession } from '../../session/session';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  saveSession(ALICE_SESSION);
  serveSignedInUser(server, { organizations: [organization('acme')] });
});
afterEach(() => server.close());

const openAt = (path: string) => renderApp(path, { apiOrigin: server.origin });

describe('global search', () => {
  it('is hidden on Home', async () => {
    openAt('/home');
    await screen.findByTestId('header-user-menu');
    expect(screen.queryByTestId('global-search-button')).toBeNull();
  });

  it('opens the home search elsewhere and closes on any route change', async () => {
    server.respond('/api/v1/crd.nimbus.io/search?keyword=web', {
      body: { code: 0, message: 'success', data: [] },
    });
    const { router } = openAt('/audit');
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('global-search-button'));
    const search = await screen.findByTestId('resource-search');
    await user.type(within(search).getByRole('searchbox'), 'web{Enter}');
    expect(await within(search).findByText('No relevant resources found')).toBeDefined();

    await router.navigate('/cost');
    await waitFor(() => expect(screen.queryByTestId('resource-search')).toBeNull());
  });
});

describe('user menu', () => {
  it('shows the version from the API in the about dialog', async () => {
    openAt('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('header-user-menu'));
    await user.click(await screen.findByTestId('user-menu-about'));

    expect((await screen.findByTestId('about-version')).textContent).toBe('Version 1.2.3');
  });

  it('logs out: calls the endpoint, forgets the session and history, goes to /login', async () => {
    const { router } = openAt('/detail/Deployment/web?cluster=prod');
    const user = userEvent.setup();
    await screen.findByTestId('resource-detail-unknown');
    expect(readHistory()).toHaveLength(1);

    await user.click(await screen.findByTestId('header-user-menu'));
    await user.click(await screen.findByTestId('user-menu-logout'));

    expect(await screen.findByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    // The session cookie authenticates it; the console adds the header a cross-site form cannot.
    const [logout] = requestsTo(server, `POST ${AUTH}/logout`);
    expect(logout?.headers['x-nimbus-requested-with']).toBe('nimbus-console');
    expect(logout?.headers.authorization).toBeUndefined();
    expect(readSession()).toEqual({});
    expect(readHistory()).toEqual([]);
  });
});

it('offers the language selector in the header', async () => {
  openAt('/home');
  expect(await screen.findByTestId('header-language')).toBeDefined();
});
