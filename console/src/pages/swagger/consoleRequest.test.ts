import { expect, it } from 'vitest';
import { asConsoleRequest, type TryItOutRequest } from './consoleRequest';

const session = { userId: 'u-1', userName: 'alice', organization: 'org-1' };

it('names the signed-in user and keeps the cookie on the same origin', () => {
  const request = {
    url: '/api/v1/version',
    method: 'GET',
    headers: { Accept: 'application/json' },
  };
  expect(asConsoleRequest(request, session)).toBe(request);
  expect(request).toEqual({
    url: '/api/v1/version',
    method: 'GET',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'X-Nimbus-User-Id': 'u-1',
      'X-Nimbus-User-Name': 'alice',
      'X-Nimbus-Organization': 'org-1',
    },
  });
});

it('adds the CSRF header to state-changing methods only', () => {
  for (const method of ['post', 'PUT', 'DELETE', 'PATCH']) {
    expect(asConsoleRequest<TryItOutRequest>({ method }, {}).headers).toEqual({
      'X-Nimbus-Requested-With': 'nimbus-console',
    });
  }
  expect(asConsoleRequest<TryItOutRequest>({ method: 'HEAD' }, {}).headers).toEqual({});
});
