import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('search shortcut', () => {
  it('opens the search with Ctrl+K or ⌘K from any screen', async () => {
    openAt('/audit');
    const user = userEvent.setup();
    await screen.findByTestId('global-search-button');
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByTestId('resource-search')).toBeDefined();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('resource-search')).toBeNull());
    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByTestId('resource-search')).toBeDefined();
  });

  it("moves the focus to Home's search field on Home", async () => {
    openAt('/home');
    const field = within(await screen.findByTestId('resource-search')).getByRole('searchbox');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('header-user-menu'));
    expect(document.activeElement).not.toBe(field);
    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(field);
  });

  it('leaves Ctrl+K to a terminal, where it belongs to the shell', async () => {
    openAt('/audit');
    await screen.findByTestId('global-search-button');
    const terminal = document.createElement('div');
    terminal.className = 'xterm';
    const input = document.createElement('textarea');
    terminal.append(input);
    document.body.append(terminal);
    input.focus();
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByTestId('resource-search')).toBeNull();
    terminal.remove();
  });
});

/** A system colour scheme the test changes, as the browser would. */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const scheme = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      (query === scheme.media
        ? scheme
        : {
            matches: false,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList,
  );
  return {
    change(next: boolean) {
      scheme.matches = next;
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
    },
  };
}

/** Whether antd drew its components with the dark algorithm's container colour. */
const antdDrawsDark = () =>
  [...document.querySelectorAll('style')].some((style) =>
    (style.textContent ?? '').includes('--ant-color-bg-container:#141414'),
  );

describe('theme', () => {
  afterEach(() => vi.restoreAllMocks());

  it("follows the system's scheme as it changes until the user chooses", async () => {
    const system = fakeSystemScheme(false);
    openAt('/audit');
    await screen.findByTestId('header-theme');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(antdDrawsDark()).toBe(false);
    act(() => system.change(true));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(antdDrawsDark()).toBe(true);
  });

  it('keeps a chosen theme whatever the system says, and remembers it', async () => {
    const system = fakeSystemScheme(false);
    openAt('/audit');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('header-theme')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Dark'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(localStorage.getItem('nimbus.theme')).toBe('dark');
    act(() => system.change(false));
    expect(document.documentElement.dataset.theme).toBe('dark');
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
