import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/renderWithProviders';
import type { Viewer } from './access';
import { buildRoutes } from './buildRoutes';
import { routeTable, type RouteEntry } from './routeTable';

function openAt(path: string, viewer: Viewer, table: readonly RouteEntry[] = routeTable) {
  const routes: RouteObject[] = buildRoutes(table, { getViewer: () => viewer });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('route table', () => {
  it('redirects / to /home', async () => {
    const router = openAt('/', 'user');
    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/home');
    await waitFor(() => expect(document.title).toBe('Home - Nimbus'));
  });

  it('redirects an unknown path to /notFound', async () => {
    const router = openAt('/no/such/page', 'user');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 2 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/notFound');
  });

  it('sends a visitor without a session to /login', async () => {
    const router = openAt('/home', 'anonymous');
    expect(await screen.findByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from /login to /home', async () => {
    const router = openAt('/login', 'user');
    expect(await screen.findByRole('heading', { name: 'Control panel' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows the progress bar while a navigation is under way, and only then', async () => {
    let finishLoading: (module: { default: () => ReactElement }) => void = () => undefined;
    const slow: RouteEntry = {
      path: '/slow',
      titleKey: 'routes.home',
      access: 'public',
      layout: 'bare',
      page: () =>
        new Promise((resolve) => {
          finishLoading = resolve;
        }),
    };
    const start: RouteEntry = {
      ...slow,
      path: '/start',
      page: () => import('../pages/notFound/NotFoundPage'),
    };
    const router = openAt('/start', 'user', [start, slow]);
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 2 })).toBeDefined();
    expect(screen.queryByTestId('navigation-progress')).toBeNull();

    void router.navigate('/slow');

    expect(await screen.findByTestId('navigation-progress')).toBeDefined();
    finishLoading({ default: () => <h1>Slow page</h1> });
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeDefined();
    expect(screen.queryByTestId('navigation-progress')).toBeNull();
  });

  it('shows a reload page when a page chunk fails to load', async () => {
    const broken: RouteEntry = {
      path: '/broken',
      titleKey: 'routes.home',
      access: 'public',
      layout: 'bare',
      page: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    };
    openAt('/broken', 'user', [broken]);
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();
  });
});
