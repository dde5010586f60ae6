import { act, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/renderWithProviders';
import { PageHeading } from './PageHeading';

function Shell() {
  return (
    <>
      <PageHeading />
      <Outlet />
    </>
  );
}

describe('the page heading', () => {
  it('carries the address of the screen it heads, once that screen is on the page', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: '/login', handle: { titleKey: 'routes.login' }, element: <p>sign in</p> },
            {
              path: '/home',
              handle: { titleKey: 'routes.home' },
              // The next screen's data arrives later: until then the previous one stays.
              loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 50)),
              element: <p>home</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/login?next=%2Fhome'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(heading.dataset.location).toBe('/login?next=%2Fhome');

    let navigated: Promise<void> = Promise.resolve();
    act(() => {
      navigated = router.navigate('/home');
    });
    expect(screen.getByRole('heading', { level: 1 }).dataset.location).toBe('/login?next=%2Fhome');
    await act(() => navigated);
    await screen.findByText('home');
    expect(screen.getByRole('heading', { level: 1, name: 'Home' }).dataset.location).toBe('/home');
  });
});
