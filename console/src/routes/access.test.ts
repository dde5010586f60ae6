import { describe, expect, it } from 'vitest';
import { accessRedirect, viewerOf, viewerOfSession } from './access';

describe('accessRedirect', () => {
  it('lets anyone open public routes', () => {
    expect(accessRedirect({ access: 'public' }, 'anonymous')).toBeNull();
    expect(accessRedirect({ access: 'public' }, 'user')).toBeNull();
  });

  it('sends anonymous viewers of any other route to /login', () => {
    expect(accessRedirect({ access: 'user' }, 'anonymous')).toBe('/login');
    expect(accessRedirect({ access: 'admin' }, 'anonymous')).toBe('/login');
  });

  it('hides admin routes from plain users', () => {
    expect(accessRedirect({ access: 'user' }, 'user')).toBeNull();
    expect(accessRedirect({ access: 'admin' }, 'user')).toBe('/notFound');
    expect(accessRedirect({ access: 'admin' }, 'admin')).toBeNull();
    expect(accessRedirect({ access: 'admin' }, 'systemAdmin')).toBeNull();
  });

  it('keeps system-administrator routes from organization administrators', () => {
    expect(accessRedirect({ access: 'systemAdmin' }, 'admin')).toBe('/notFound');
    expect(accessRedirect({ access: 'systemAdmin' }, 'user')).toBe('/notFound');
    expect(accessRedirect({ access: 'systemAdmin' }, 'anonymous')).toBe('/login');
    expect(accessRedirect({ access: 'systemAdmin' }, 'systemAdmin')).toBeNull();
  });

  it('sends signed-in viewers away from a route with signedInRedirect', () => {
    const login = { access: 'public', signedInRedirect: '/home' } as const;
    expect(accessRedirect(login, 'user')).toBe('/home');
    expect(accessRedirect(login, 'anonymous')).toBeNull();
  });
});

it('treats a stored user name and id as a signed-in user', () => {
  expect(viewerOfSession({ userName: 'alice', userId: 'u-1' })).toBe('user');
  expect(viewerOfSession({ userName: 'alice' })).toBe('anonymous');
});

it('makes system and organization administrators admin viewers once the role is derived', () => {
  expect(viewerOf({ userName: 'alice', userId: 'u-1' }, 'system-admin')).toBe('systemAdmin');
  expect(viewerOf({ userName: 'alice', userId: 'u-1' }, 'organization-admin')).toBe('admin');
  expect(viewerOf({ userName: 'alice', userId: 'u-1' }, 'user')).toBe('user');
  expect(viewerOf({ userName: 'alice', userId: 'u-1' }, undefined)).toBe('user');
  expect(viewerOf({}, 'system-admin')).toBe('anonymous');
});
