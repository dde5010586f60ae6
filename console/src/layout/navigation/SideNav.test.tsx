import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  ALICE_SESSION,
  API,
  ok,
  organization,
  serveSignedInUser,
} from '../../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderApp } from '../../../tests/renderApp';
import { saveSession } from '../../session/session';

const COLLECTIONS = `${API}/manage.nimbus.io/users/u-1/collections`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  saveSession(ALICE_SESSION);
  serveSignedInUser(server, { organizations: [organization('acme')] });
});
afterEach(() => server.close());

it('lists My Collections in the navigation, linking older plural types by their Kind', async () => {
  server.respond(
    COLLECTIONS,
    ok({
      items: [
        {
          id: 'fav-1',
          type: 'deployments',
          name: 'web',
          vendor: 'aws',
          region: 'eu',
          cluster: 'prod',
          namespace: 'shop',
        },
        { id: 'fav-2', type: 'Node', name: 'node-1', vendor: 'aws', region: 'eu', cluster: 'prod' },
      ],
    }),
  );
  renderApp('/home', { apiOrigin: server.origin });

  const nav = await screen.findByTestId('side-nav');
  const links = await within(nav).findAllByTestId('nav-collection');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['web', '/detail/Deployment/web?vendor=aws&region=eu&cluster=prod&namespace=shop'],
    ['node-1', '/detail/Node/node-1?vendor=aws&region=eu&cluster=prod'],
  ]);
  expect(within(nav).getByText('My Collections')).toBeDefined();
});

it('says so when nothing is collected', async () => {
  server.respond(COLLECTIONS, ok({ items: [] }));
  renderApp('/home', { apiOrigin: server.origin });
  const nav = await screen.findByTestId('side-nav');
  expect(await within(nav).findByText('No favourites yet')).toBeDefined();
  expect(within(nav).queryByTestId('nav-collection')).toBeNull();
});

/** Allowed `permissions` on cluster prod. */
const granting = (permissions: string[]) => ({
  clusterAccess: [{ cluster: 'prod', effect: 'Allow' as const, permissions }],
});

const adminArea = async (admin: boolean) => {
  server.respond(COLLECTIONS, ok({ items: [] }));
  serveSignedInUser(server, {
    organizations: [organization('acme', admin)],
    user: granting(['namespace:create']),
  });
  renderApp('/home', { apiOrigin: server.origin });
  const nav = await screen.findByTestId('side-nav');
  expect(await within(nav).findByRole('link', { name: 'Namespace' })).toBeDefined();
  return nav;
};

it('offers in Fast Creation only the forms her roles let her create with', async () => {
  server.respond(COLLECTIONS, ok({ items: [] }));
  serveSignedInUser(server, {
    organizations: [organization('acme')],
    user: granting(['configmap:create', 'application:create', 'configmap:list']),
  });
  renderApp('/home', { apiOrigin: server.origin });
  const nav = await screen.findByTestId('side-nav');
  await within(nav).findByRole('link', { name: 'Config map' });
  const fast = within(nav).getByText('Fast Creation').closest('li') as HTMLElement;
  expect(
    within(fast)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual(['/add/Application', '/add/ConfigMap']);
});

it('leaves Fast Creation out for a role that creates nothing', async () => {
  server.respond(COLLECTIONS, ok({ items: [] }));
  serveSignedInUser(server, {
    organizations: [organization('acme')],
    user: granting(['node:list']),
  });
  renderApp('/home', { apiOrigin: server.origin });
  const nav = await screen.findByTestId('side-nav');
  await within(nav).findByRole('link', { name: 'Home' });
  expect(within(nav).queryByText('Fast Creation')).toBeNull();
  expect(within(nav).queryByRole('link', { name: 'Namespace' })).toBeNull();
});

it('shows the admin area to an organization administrator only', async () => {
  const nav = await adminArea(true);
  for (const group of [
    'User management',
    'Cluster management',
    'Image registry management',
    'App store management',
  ]) {
    expect(await within(nav).findByText(group)).toBeDefined();
  }
});

it('leaves the admin area out for a plain user', async () => {
  const nav = await adminArea(false);
  expect(within(nav).queryByText('Cluster management')).toBeNull();
  expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
  // The cost center and the app store are in the side navigation for everyone.
  expect(within(nav).getByRole('link', { name: 'Cost center' }).getAttribute('href')).toBe('/cost');
  expect(within(nav).getByRole('link', { name: 'App store' }).getAttribute('href')).toBe(
    '/appstore/list',
  );
});

it('collapses and expands from the keyboard through a named button', async () => {
  server.respond(COLLECTIONS, ok({ items: [] }));
  renderApp('/home', { apiOrigin: server.origin });
  const nav = await screen.findByTestId('side-nav');
  const toggle = within(nav).getByRole('button', { name: 'Collapse the navigation' });
  expect(toggle.getAttribute('aria-expanded')).toBe('true');

  const user = userEvent.setup();
  toggle.focus();
  await user.keyboard('{Enter}');
  const expand = await within(nav).findByRole('button', { name: 'Expand the navigation' });
  expect(expand.getAttribute('aria-expanded')).toBe('false');
  expect(nav.className).toContain('ant-layout-sider-collapsed');
  await user.keyboard(' ');
  await within(nav).findByRole('button', { name: 'Collapse the navigation' });
  expect(nav.className).not.toContain('ant-layout-sider-collapsed');
});
