import { describe, expect, it, vi } from 'vitest';
import type { RouteEntry } from './routeTable';
import { preloadPageAt } from './preloadPage';

const page = () => Promise.resolve({ default: () => null });

describe('preloadPageAt', () => {
  it('loads the page module of the first route matching the address, and no other', () => {
    const login = vi.fn(page);
    const detail = vi.fn(page);
    const table: RouteEntry[] = [
      { path: '/', access: 'public', redirectTo: '/home' },
      { path: '/login', titleKey: 'routes.login', access: 'public', layout: 'bare', page: login },
      {
        path: '/detail/:type/:name',
        titleKey: 'routes.detail',
        access: 'user',
        layout: 'main',
        page: detail,
      },
    ];
    preloadPageAt('/detail/Pod/web-1', table);
    expect(detail).toHaveBeenCalledTimes(1);
    expect(login).not.toHaveBeenCalled();
    preloadPageAt('/nowhere', table);
    expect(login).not.toHaveBeenCalled();
  });

  it('swallows a failed load: the router reports it when it loads the page itself', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('chunk missing')));
    const table: RouteEntry[] = [
      { path: '/login', titleKey: 'routes.login', access: 'public', layout: 'bare', page: failing },
    ];
    expect(() => preloadPageAt('/login', table)).not.toThrow();
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
