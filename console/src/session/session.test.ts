import { expect, it } from 'vitest';
import { clearSession, readSession, saveSession } from './session';

it('persists the session in localStorage and clears all of it', () => {
  expect(readSession()).toEqual({});

  saveSession({ token: 't-1', userName: 'alice', userId: 'u-1', organization: 'acme' });

  expect(localStorage.getItem('nimbus.token')).toBe('t-1');
  expect(readSession()).toEqual({
    token: 't-1',
    userName: 'alice',
    userId: 'u-1',
    organization: 'acme',
  });

  clearSession();

  expect(readSession()).toEqual({});
  expect(localStorage.length).toBe(0);
});
