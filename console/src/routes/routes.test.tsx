import { screen, waitFor } from '@testing-library/react';
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
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
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

  it('shows a reload page when a page chunk fails to load', async () => {
    const broken: RouteEntry = {
      path: '/broken',
      titleKey: 'routes.home',
      access: 'public',
      page: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    };
    openAt('/broken', 'user', [broken]);
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();
  });
});
