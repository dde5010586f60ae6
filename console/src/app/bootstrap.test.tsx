import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALICE_SESSION,
  AUTH,
  failure,
  ok,
  organization,
  serveSignedInUser,
  SYSTEM,
} from '../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { registerThroughForm } from '../../tests/signInForms';
import { pageReload } from '../lib/pageReload';
import { readSession, saveSession } from '../session/session';
import { bootstrap, type ConsoleModule, type RunningConsole } from './bootstrap';

let server: LoopbackServer;
let running: RunningConsole | undefined;
// The console module (antd and every page's router entry) is imported once before the tests, so
// how long a loaded machine takes to transform it is no part of what they wait for.
beforeAll(async () => {
  await import('./consoleApp');
}, 120_000);
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${SYSTEM}/version`, ok('0.1.0'));
});
afterEach(async () => {
  running?.unmount();
  running = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  await server.close();
});

/** The console as main.tsx starts it, at `path`, with the real console module by default. */
async function startAt(
  path: string,
  loadConsole: () => Promise<ConsoleModule> = () => import('./consoleApp'),
) {
  window.history.replaceState(null, '', path);
  const container = document.body.appendChild(document.createElement('div'));
  running = await bootstrap({ container, baseUrl: `${server.origin}/api/v1`, loadConsole });
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('User name'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
}

const signedIn = { ...ALICE_SESSION, token: 'tok', expiresAt: '2030-01-01' };

describe('start-up without a session', () => {
  it('sends any address to the sign-in screen, drawn without antd', async () => {
    await startAt('/list/Deployment');

    expect(await screen.findByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
    expect(window.location.pathname).toBe('/login');
    expect(document.title).toBe('Sign in - Nimbus');
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('[class^="ant-"], [class*=" ant-"]')).toBeNull();
  });

  it('opens the console at /home in the same page once signed in', async () => {
    server.respond(`POST ${AUTH}/login`, ok(signedIn));
    serveSignedInUser(server, { organizations: [organization('acme')] });
    await startAt('/login');

    await signIn();

    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    expect(window.location.pathname).toBe('/home');
    expect(screen.getByTestId('header-user-menu').textContent).toContain('alice');
    expect(screen.queryByRole('heading', { name: 'Sign in to Nimbus' })).toBeNull();
    expect(readSession()).toEqual({ ...ALICE_SESSION, organization: 'acme' });
  });

  it("shows a failed request with the console's notification before the console runs", async () => {
    server.respond(`POST ${AUTH}/register`, failure(1001, 'User bob already exists'));
    await startAt('/login');

    await registerThroughForm(userEvent.setup(), 'bob', 'abc123');

    expect(await screen.findByText('Request failed')).toBeDefined();
    expect(screen.getByText('User bob already exists')).toBeDefined();
    expect(screen.getByText(`${AUTH}/register`)).toBeDefined();
    expect(window.location.pathname).toBe('/login');

    // Unmounting the console takes antd's feedback root with it: nothing is left to re-render.
    running?.unmount();
    running = undefined;
    expect(screen.queryByText('Request failed')).toBeNull();
    expect(document.body.children).toHaveLength(1);
  });

  it('keeps the form busy while the console loads after signing in', async () => {
    server.respond(`POST ${AUTH}/login`, ok(signedIn));
    await startAt('/login', () => new Promise<ConsoleModule>(() => undefined));

    await signIn();

    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(readSession()).toEqual(ALICE_SESSION);
    expect(window.location.pathname).toBe('/login');
  });

  it('starts over at /home when the console cannot be loaded after signing in', async () => {
    server.respond(`POST ${AUTH}/login`, ok(signedIn));
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    await startAt('/login', () => Promise.reject(new Error('chunk gone')));

    await signIn();

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/home');
    expect(readSession()).toEqual(ALICE_SESSION);
  });
});

describe('start-up with a session', () => {
  it('opens the console straight away; /login leads home', async () => {
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { organizations: [organization('acme')] });
    await startAt('/login');

    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    expect(window.location.pathname).toBe('/home');
  });
});
