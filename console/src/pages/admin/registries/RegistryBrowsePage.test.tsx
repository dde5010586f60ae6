import type { ResponseFor } from '@nimbus/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, ORG_ID, page, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { registryView } from '../../../../tests/registryViews';
import RegistryBrowsePage from './RegistryBrowsePage';

const MANAGE = `${API}/manage.nimbus.io`;
const FIND = `${MANAGE}/organizations/${ORG_ID}/registries?page=1&pageSize=100&search=private`;
const REPOSITORIES = `${MANAGE}/registries/private-uid/repositories`;
const DIGEST = 'sha256:4f2a9c81d3e07b65a1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8';

const repositories: ResponseFor<'listRegistryRepositories'> = {
  items: [
    { repositoryName: 'team/web', createdAt: '2026-01-02T00:00:00Z' },
    { repositoryName: 'team/worker' },
    { repositoryName: 'tools/curl' },
  ],
};
const webTags: ResponseFor<'listRepositoryTags'> = {
  items: [
    { imageTags: ['1.4.0', 'latest'], imagePushedAt: '2026-03-01T08:30:00Z', digest: DIGEST },
  ],
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(FIND, ok(page([registryView('private', { plainHttp: true })], 100)));
});
afterEach(() => server.close());

const renderBrowse = (path = '/admin/registry/browse/private') =>
  renderAdminRoutes(
    [{ path: '/admin/registry/browse/:name', element: <RegistryBrowsePage /> }],
    path,
    server,
  );

it('lists the repositories, filters them, and shows the tags of the one chosen', async () => {
  server.respond(REPOSITORIES, ok(repositories));
  server.respond(`${REPOSITORIES}/team%2Fweb`, ok(webTags));
  const user = userEvent.setup();
  const { router } = renderBrowse();

  const browse = await screen.findByTestId('registry-browse');
  expect(within(browse).getByRole('heading', { name: 'private' })).toBeDefined();
  expect(within(browse).getByText('registry.shop.io')).toBeDefined();
  expect(within(browse).getByText('Plain HTTP')).toBeDefined();
  expect(
    within(browse).getByRole('link', { name: 'Go to the registry list' }).getAttribute('href'),
  ).toBe('/admin/registry/list');
  expect(screen.getByText('Choose a repository to see its tags')).toBeDefined();

  const list = screen.getByTestId('registry-repositories');
  expect(await within(list).findByRole('button', { name: 'team/web' })).toBeDefined();
  expect(screen.getByText('Repositories (3)')).toBeDefined();
  await user.type(screen.getByRole('searchbox', { name: 'Filter repositories' }), 'TEAM/');
  expect(within(list).queryByRole('button', { name: 'tools/curl' })).toBeNull();
  expect(within(list).getByRole('button', { name: 'team/worker' })).toBeDefined();
  await user.type(screen.getByRole('searchbox', { name: 'Filter repositories' }), 'nothing');
  expect(within(list).getByText('No repository matches')).toBeDefined();
  await user.clear(screen.getByRole('searchbox', { name: 'Filter repositories' }));

  // A button per repository: reachable and chosen from the keyboard.
  within(list).getByRole('button', { name: 'team/web' }).focus();
  await user.keyboard('{Enter}');
  const tags = await screen.findByTestId('registry-tags');
  expect(router.state.location.search).toBe('?repository=team%2Fweb');
  expect(screen.getByText('Tags of team/web')).toBeDefined();
  expect(await within(tags).findByText('1.4.0')).toBeDefined();
  expect(within(tags).getByText('latest')).toBeDefined();
  expect(within(tags).getAllByText('4f2a9c81d3e0')).toHaveLength(2);
  expect(within(tags).getAllByTitle(DIGEST)).toHaveLength(2);
  expect(
    within(tags).getAllByText(new Date('2026-03-01T08:30:00Z').toLocaleString('en')),
  ).toHaveLength(2);

  await user.click(
    within(tags).getByRole('button', { name: 'Copy registry.shop.io/team/web:1.4.0' }),
  );
  expect(await navigator.clipboard.readText()).toBe('registry.shop.io/team/web:1.4.0');
});

it('says when a registry has no repositories, or a repository no tags', async () => {
  server.respond(REPOSITORIES, ok({ items: [] }));
  server.respond(`${REPOSITORIES}/team%2Fgone`, ok({ items: [] }));
  renderBrowse('/admin/registry/browse/private?repository=team%2Fgone');

  const list = await screen.findByTestId('registry-repositories');
  expect(await within(list).findByText('This registry has no repositories')).toBeDefined();
  const tags = screen.getByTestId('registry-tags');
  expect(await within(tags).findByText('This repository has no tags')).toBeDefined();
});

it('says so when the organization has no registry of that name', async () => {
  server.respond(
    `${MANAGE}/organizations/${ORG_ID}/registries?page=1&pageSize=100&search=gone`,
    ok(page([], 100)),
  );
  renderBrowse('/admin/registry/browse/gone');
  expect(await screen.findByText('Registry gone not found')).toBeDefined();
  expect(screen.getByRole('link', { name: 'Go to the registry list' })).toBeDefined();
});
