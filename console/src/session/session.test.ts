import { expect, it } from 'vitest';
import {
  clearSession,
  dropLegacyToken,
  readSession,
  saveSession,
  setSessionOrganization,
} from './session';

it('persists who is signed in (never a token) in localStorage and clears all of it', () => {
  expect(readSession()).toEqual({});

  saveSession({ userName: 'alice', userId: 'u-1', organization: 'acme' });

  expect(readSession()).toEqual({ userName: 'alice', userId: 'u-1', organization: 'acme' });
  expect(Object.keys({ ...localStorage }).sort()).toEqual([
    'nimbus.organization',
    'nimbus.userId',
    'nimbus.userName',
  ]);

  clearSession();

  expect(readSession()).toEqual({});
  expect(localStorage.length).toBe(0);
});

it('removes a token an earlier version stored', () => {
  localStorage.setItem('nimbus.token', 'old-token');
  dropLegacyToken();
  expect(localStorage.getItem('nimbus.token')).toBeNull();
  localStorage.setItem('nimbus.token', 'old-token');
  saveSession({ userName: 'alice', userId: 'u-1' });
  expect(localStorage.getItem('nimbus.token')).toBeNull();
});

it('stores and forgets the current organization alone', () => {
  saveSession({ userName: 'alice', organization: 'acme' });

  setSessionOrganization('globex');
  expect(readSession()).toEqual({ userName: 'alice', organization: 'globex' });

  setSessionOrganization(undefined);
  expect(readSession()).toEqual({ userName: 'alice' });
});
