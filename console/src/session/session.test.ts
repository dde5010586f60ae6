import { expect, it } from 'vitest';
import { clearSession, readSession, saveSession, setSessionOrganization } from './session';

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

it('stores and forgets the current organization alone', () => {
  saveSession({ token: 't-1', organization: 'acme' });

  setSessionOrganization('globex');
  expect(readSession()).toEqual({ token: 't-1', organization: 'globex' });

  setSessionOrganization(undefined);
  expect(readSession()).toEqual({ token: 't-1' });
});
