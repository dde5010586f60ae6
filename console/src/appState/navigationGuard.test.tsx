import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE_SESSION,
  AUTH,
  failure,
  IAM,
  ok,
  organization,
  requestsTo,
  serveSignedInUser,
  userView,
} from '../../tests/fakeIdentityApi';
import {
  DROP,
  startLoopbackServer,
  type CannedResponse,
  type LoopbackServer,
} from '../../tests/loopbackServer';
import { renderApp } from '../../tests/renderApp';
import { userApi } from '../api/userApi';
import { readHistory } from '../session/recentHistory';
import { readSession, saveSession } from '../session/session';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(async () => {
  // The page is shown again: what a test left of leaving it is over.
  window.dispatchEvent(new Event('pageshow'));
  await server.close();
});

const acmeMembership = { uuid: 'acme', name: 'acme', cnName: 'acme', adminFlag: false };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The first user-info request is held until `cut`, then cut off; later ones get `later`. */
function cutFirstUserInfo(later: CannedResponse) {
  const asked = deferred();
  const released = deferred();
  let requests = 0;
  server.respond(`${IAM}/users/alice`, async () => {
    if (++requests > 1) return later;
    asked.resolve();
    await released.promise;
    return DROP;
  });
  return { asked: asked.promise, cut: released.resolve };
}

const openAt = (path: string) => renderApp(path, { apiOrigin: server.origin });

async function openMenu() {
  await userEvent.setup().click(await screen.findByTestId('header-menu'));
  return screen.findByTestId('menu-popover');
}

describe('navigation guard without a signed-in user', () => {
  it.each(['/home', '/admin/user', '/list/Deployment', '/no/such/page'])(
    'sends %s to /login',
    async (path) => {
      const { router } = openAt(path);
      expect(await screen.findByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
      expect(router.state.location.pathname).toBe('/login');
      expect(server.requests.filter((request) => request.path.includes('/iam.'))).toEqual([]);
    },
  );
});

describe('navigation guard with a signed-in user', () => {
  it('loads configuration, organizations and user info once, then opens the page', async () => {
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { organizations: [organization('acme')] });
    const { router } = openAt('/home');

    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    await router.navigate('/audit?page=2');
    await router.navigate('/home');

    expect(requestsTo(server, `GET ${IAM}/users/alice`)).toHaveLength(1);
    expect(requestsTo(server, `GET ${IAM}/user/u-1/organizations`)).toHaveLength(1);
    expect(readSession().organization).toBe('acme');
    expect(screen.getByTestId('header-user-menu').textContent).toContain('alice');
  });

  it('sends a signed-in user from /login to /home', async () => {
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { organizations: [organization('acme')] });
    const { router } = openAt('/login');

    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('logs out, shows an Error notification and goes to /login when user info fails', async () => {
    saveSession({ ...ALICE_SESSION, organization: 'acme' });
    serveSignedInUser(server);
    server.respond(`${IAM}/users/alice`, failure(5000, 'boom', 500));
    const { router } = openAt('/home');

    expect(await screen.findByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Error')).toBeDefined();
    expect(screen.getByText('Get User Info Error')).toBeDefined();
    expect(requestsTo(server, `POST ${AUTH}/logout`)).toHaveLength(1);
    expect(readSession()).toEqual({});
  });

  it('keeps the session when the browser cuts the user-info request off as the page is left', async () => {
    saveSession({ ...ALICE_SESSION, organization: 'acme' });
    serveSignedInUser(server, { organizations: [organization('acme')] });
    const userInfo = cutFirstUserInfo(ok(userView()));
    const { feedback } = openAt('/home');
    await userInfo.asked;
    // Another address is opened: the browser starts leaving and cancels what is in flight.
    window.dispatchEvent(new Event('beforeunload'));
    userInfo.cut();

    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    expect(requestsTo(server, `POST ${AUTH}/logout`)).toEqual([]);
    expect(readSession()).toEqual({ ...ALICE_SESSION, organization: 'acme' });
    expect(screen.queryByText('Get User Info Error')).toBeNull();
    expect(feedback.requestFailed).not.toHaveBeenCalled();
  });

  it('keeps the session and asks again when the user-info request is aborted', async () => {
    saveSession({ ...ALICE_SESSION, organization: 'acme' });
    serveSignedInUser(server, { organizations: [organization('acme')] });
    const userInfo = cutFirstUserInfo(ok(userView({ organizations: [acmeMembership] })));
    const { router, store } = openAt('/home');
    await userInfo.asked;
    store.dispatch(userApi.util.getRunningQueryThunk('getUserInfo', 'alice'))?.abort();

    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/home');
    expect(requestsTo(server, `GET ${IAM}/users/alice`)).toHaveLength(2);
    expect(requestsTo(server, `POST ${AUTH}/logout`)).toEqual([]);
    expect(readSession()).toEqual({ ...ALICE_SESSION, organization: 'acme' });
    userInfo.cut();
  });

  it('falls back to the first organization when the stored one was left', async () => {
    saveSession({ ...ALICE_SESSION, organization: 'left-org' });
    serveSignedInUser(server, { organizations: [organization('acme', true)] });
    const member = { uuid: 'acme', name: 'acme', cnName: 'acme', adminFlag: true };
    server.respond(`${IAM}/users/alice`, (request) =>
      request.headers['x-nimbus-organization'] === 'left-org'
        ? failure(9997, 'no operation permission, contact the administrator', 403)
        : ok(userView({ organizations: [member] })),
    );
    const { router } = openAt('/admin/cluster/list');

    expect(await screen.findByRole('heading', { name: 'Clusters', level: 2 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin/cluster/list');
    expect(readSession().organization).toBe('acme');
  });

  it('records detail pages in the recent history, newest first', async () => {
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { organizations: [organization('acme')] });
    const { router } = openAt('/detail/Deployment/web?cluster=prod&namespace=shop');
    await screen.findByTestId('resource-detail-unknown');

    await router.navigate('/home');
    await router.navigate('/detail/Node/n1?cluster=prod');

    expect(readHistory().map((record) => record.fullPath)).toEqual([
      '/detail/Node/n1?cluster=prod',
      '/detail/Deployment/web?cluster=prod&namespace=shop',
    ]);
  });
});

describe('routes and menu per derived role', () => {
  it('gives an organization administrator the admin routes and Admin Services', async () => {
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { organizations: [organization('acme', true)] });
    const { router } = openAt('/admin/cluster/list');

    expect(await screen.findByRole('heading', { name: 'Clusters', level: 2 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin/cluster/list');
    const menu = await openMenu();
    const admin = within(menu).getByTestId('admin-services');
    expect(within(admin).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe(
      '/admin/user',
    );
    expect(within(admin).getByRole('link', { name: 'Alarm silences' })).toBeDefined();
  });

  it('gives a system administrator the admin routes without any organization', async () => {
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { user: { sysAdminFlag: true } });
    const { router } = openAt('/admin/registry/add');

    expect(
      await screen.findByRole('heading', { name: 'Add image registry', level: 2 }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin/registry/add');
  });

  it('sends a plain user from admin routes to /notFound and shows no Admin Services', async () => {
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { organizations: [organization('acme', false)] });
    const { router } = openAt('/admin/cluster/list');

    expect(await screen.findByRole('heading', { name: 'Page not found', level: 2 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/notFound');
    const menu = await openMenu();
    expect(within(menu).queryByTestId('admin-services')).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Deployments' })).toBeDefined();
    expect(within(menu).getByRole('link', { name: 'Import YAML' })).toBeDefined();
    // The audit is for administrators, as the server decides.
    expect(within(menu).queryByRole('link', { name: 'Audit list' })).toBeNull();
  });
});

it('re-renders a path given to /redirect', async () => {
  saveSession(ALICE_SESSION);
  serveSignedInUser(server, { organizations: [organization('acme')] });
  const { router } = openAt('/redirect/list/Pod?cluster=prod');

  await waitFor(() => expect(router.state.location.pathname).toBe('/list/Pod'));
  expect(router.state.location.search).toBe('?cluster=prod');
  expect(await screen.findByRole('heading', { name: 'Pods' })).toBeDefined();
});
