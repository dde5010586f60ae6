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

async function openFavourites() {
  renderApp('/home', { apiOrigin: server.origin });
  await userEvent.setup().click(await screen.findByTestId('header-menu'));
  return screen.findByTestId('menu-favourites');
}

it('links each favourite of the signed-in user to its detail page', async () => {
  server.respond(
    COLLECTIONS,
    ok({
      items: [
        {
          id: 'fav-1',
          type: 'Deployment',
          name: 'web',
          vendor: 'aws',
          region: 'eu-west-1',
          cluster: 'prod',
          namespace: 'shop',
        },
        { id: 'fav-2', type: 'Node', name: 'node-1', vendor: 'aws', region: 'eu', cluster: 'prod' },
      ],
    }),
  );
  const favourites = await openFavourites();

  const web = await within(favourites).findByRole('link', { name: 'Deployment web' });
  expect(web.getAttribute('href')).toBe(
    '/detail/Deployment/web?vendor=aws&region=eu-west-1&cluster=prod&namespace=shop',
  );
  expect(within(favourites).getByRole('link', { name: 'Node node-1' }).getAttribute('href')).toBe(
    '/detail/Node/node-1?vendor=aws&region=eu&cluster=prod',
  );
});

it('says so when the user has no favourites', async () => {
  const favourites = await openFavourites();
  expect(await within(favourites).findByText('No favourites yet')).toBeDefined();
  expect(server.requests.some((request) => request.path === COLLECTIONS)).toBe(true);
});

async function openMenu(admin: boolean) {
  serveSignedInUser(server, { organizations: [organization('acme', admin)] });
  server.respond(COLLECTIONS, ok({ items: [] }));
  renderApp('/home', { apiOrigin: server.origin });
  await userEvent.setup().click(await screen.findByTestId('header-menu'));
  return screen.findByTestId('menu-popover');
}

const linkTargets = (section: HTMLElement) =>
  within(section)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

it('offers a plain user the tools and every kind list, without Admin Services', async () => {
  const menu = await openMenu(false);
  expect(linkTargets(within(menu).getByTestId('menu-tools'))).toEqual([
    ['Cluster monitoring', '/cluster-dashboard'],
    ['Import YAML', '/add/import'],
    ['API docs', '/swagger'],
    ['Cost center', '/cost'],
    ['App store', '/appstore/list'],
  ]);
  const services = within(menu).getByTestId('user-services');
  expect(within(services).getByRole('link', { name: 'Pods' }).getAttribute('href')).toBe(
    '/list/Pod',
  );
  expect(within(services).getAllByRole('link')).toHaveLength(17);
  expect(within(menu).queryByTestId('admin-services')).toBeNull();
});

it('adds Admin Services for an organization administrator', async () => {
  const menu = await openMenu(true);
  const admin = await within(menu).findByTestId('admin-services');
  // The audit, which the server lets administrators alone read, is among their tools.
  expect(linkTargets(within(menu).getByTestId('menu-tools'))).toContainEqual([
    'Audit list',
    '/audit',
  ]);
  expect(linkTargets(admin).slice(0, 2)).toEqual([
    ['Users', '/admin/user'],
    ['User groups', '/admin/group'],
  ]);
  expect(within(admin).getAllByRole('link')).toHaveLength(12);
  expect(linkTargets(admin).at(-1)).toEqual(['Chart sources', '/admin/appstore/sources']);
});
