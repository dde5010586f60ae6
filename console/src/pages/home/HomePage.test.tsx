import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, ORG_ID, page, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { appActions } from '../../appState/appSlice';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { DOCS_URLS, RECORD_KEYS } from '../../constants';
import type { HistoryRecord } from '../../session/recentHistory';
import HomePage from './HomePage';

const LIST = `${API}/manage.nimbus.io/organizations/${ORG_ID}/providers?page=1&pageSize=100`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(LIST, ok(page([], 100)));
});
afterEach(async () => {
  localStorage.clear();
  await server.close();
});

const renderHome = () =>
  renderAdminRoutes([{ path: '/home', element: <HomePage /> }], '/home', server);

it('lists the recent history with a link per record and namespace only when present', () => {
  const history: HistoryRecord[] = [
    {
      type: 'deployment',
      name: 'web',
      namespace: 'shop',
      cluster: 'prod',
      region: 'us-east-1',
      vendor: 'aws',
      fullPath: '/detail/deployment/web?vendor=aws&region=us-east-1&cluster=prod&namespace=shop',
    },
    {
      type: 'namespace',
      name: 'shop',
      cluster: 'prod',
      region: 'us-east-1',
      vendor: 'ProviderKubeconfig',
      fullPath: '/detail/namespace/shop?vendor=ProviderKubeconfig&region=us-east-1&cluster=prod',
    },
  ];
  localStorage.setItem(RECORD_KEYS.history, JSON.stringify(history));
  renderHome();

  const entries = screen.getAllByTestId('home-history-entry');
  expect(entries).toHaveLength(2);
  const [first, second] = entries as [HTMLElement, HTMLElement];
  expect(within(first).getByRole('link', { name: 'web' }).getAttribute('href')).toBe(
    history[0]?.fullPath,
  );
  for (const text of [
    'Type: deployment',
    'Namespace: shop',
    'Cluster: prod',
    'Region: us-east-1',
    'Vendor: aws',
  ]) {
    expect(within(first).getByText(text)).toBeDefined();
  }
  expect(within(second).getByText('Type: namespace')).toBeDefined();
  // A provider kind in the address shows by its name.
  expect(within(second).getByText('Vendor: Kubeconfig')).toBeDefined();
  expect(within(second).queryByText(/^Namespace:/)).toBeNull();
});

it('says there is no history yet when nothing was visited', () => {
  renderHome();

  const card = screen.getByTestId('home-history');
  expect(within(card).getByText('No recently visited resources')).toBeDefined();
  expect(screen.queryByTestId('home-history-entry')).toBeNull();
});

it('offers the tools with their descriptions, the audit to administrators', () => {
  const { store } = renderHome();
  const targets = () =>
    screen
      .getAllByTestId('home-tool-card')
      .map((card) => within(card).getByRole('link').getAttribute('href'));

  expect(targets()).toEqual(['/cluster-dashboard', '/add/import', '/cost', '/appstore/list']);
  act(() => {
    store.dispatch(
      appActions.routesGenerated({
        role: 'organization-admin',
        user: { userName: 'admin', userId: USER_ID },
      }),
    );
  });
  expect(targets()).toEqual([
    '/cluster-dashboard',
    '/audit',
    '/add/import',
    '/cost',
    '/appstore/list',
  ]);
  expect(screen.getByText('What clusters, namespaces and workloads cost')).toBeDefined();
  expect(screen.getByText('Multi-dimension monitoring of a cluster')).toBeDefined();
  expect(screen.getByText('View operation logs')).toBeDefined();
  expect(screen.getByText('One-click publish: import an existing Kubernetes YAML')).toBeDefined();
});

it('links the docs in the reader language: Chinese for zh, Japanese for ja, English for en', async () => {
  const { i18n } = renderHome();
  const docsHref = () => screen.getByTestId('home-docs-link').getAttribute('href');

  expect(docsHref()).toBe(DOCS_URLS.en);
  await act(() => i18n.changeLanguage('zh'));
  expect(docsHref()).toBe(DOCS_URLS.zh);
  await act(() => i18n.changeLanguage('ja'));
  expect(docsHref()).toBe(DOCS_URLS.ja);
  expect(DOCS_URLS.zh).not.toBe(DOCS_URLS.en);
});
