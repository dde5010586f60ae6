import { expect, it } from 'vitest';
import { readSession, saveSession } from './session';
import { forgetSignedInUser } from './signedInRecords';

it('forgets user, organization, history and search history, but keeps other data', () => {
  saveSession({ userName: 'alice', userId: 'u-1', organization: 'acme' });
  localStorage.setItem('nimbus.history', '[]');
  localStorage.setItem('nimbus.searchHistory', '["web"]');
  localStorage.setItem('unrelated', 'kept');

  forgetSignedInUser();

  expect(readSession()).toEqual({});
  expect(Object.keys(localStorage)).toEqual(['unrelated']);
});
