import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  ALICE_SESSION,
  IAM,
  organization,
  requestsTo,
  serveSignedInUser,
} from '../../tests/fakeIdentityApi';
import { createFeedbackSpy } from '../../tests/feedbackSpy';
import { DROP, startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { createAppStore } from '../app/store';
import { readHistory, recordVisit } from '../session/recentHistory';
import { readSession, saveSession } from '../session/session';
import { loadAppData } from './appData';
import { selectFullScreenLoading } from './appSlice';
import { switchOrganization } from './switchOrganization';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(async () => {
  vi.useRealTimers();
  // The page is shown again: what a test left of leaving it is over.
  window.dispatchEvent(new Event('pageshow'));
  await server.close();
});

const signedInStore = () =>
  createAppStore({
    feedback: createFeedbackSpy(),
    baseUrl: `${server.origin}/api/v1`,
    readSession,
  });

it('switches after 300 ms under the loader: stores, clears, reloads, regenerates, redirects', async () => {
  saveSession({ ...ALICE_SESSION, organization: 'acme' });
  recordVisit({
    vendor: 'aws',
    region: 'eu-1',
    cluster: 'prod',
    name: 'web',
    type: 'Deployment',
    fullPath: '/detail/Deployment/web?cluster=prod',
  });
  serveSignedInUser(server, {
    organizations: [organization('acme', false), organization('globex', true)],
  });
  const store = signedInStore();
  await loadAppData(store, readSession());
  expect(store.getState().app).toMatchObject({ role: 'user', organizationId: 'acme' });

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const navigate = vi.fn();
  const switching = switchOrganization({
    store,
    readSession,
    organizationId: 'globex',
    currentPath: '/list/Pod?cluster=prod',
    navigate,
  });

  expect(selectFullScreenLoading(store.getState())).toBe(true);
  await vi.advanceTimersByTimeAsync(299);
  expect(readSession().organization).toBe('acme');
  expect(readHistory()).toHaveLength(1);

  await vi.advanceTimersByTimeAsync(1);
  expect(readSession().organization).toBe('globex');
  expect(readHistory()).toEqual([]);
  vi.useRealTimers();
  await switching;

  expect(requestsTo(server, `GET ${IAM}/users/alice`)).toHaveLength(2);
  expect(requestsTo(server, `GET ${IAM}/user/u-1/organizations`)).toHaveLength(2);
  expect(requestsTo(server, `GET ${IAM}/users/alice`)[1]?.headers['x-nimbus-organization']).toBe(
    'globex',
  );
  expect(store.getState().app).toMatchObject({
    role: 'organization-admin',
    organizationId: 'globex',
  });
  expect(navigate).toHaveBeenCalledExactlyOnceWith('/redirect/list/Pod?cluster=prod', {
    replace: true,
  });
  expect(selectFullScreenLoading(store.getState())).toBe(false);
});

it('ends without failing or redirecting when the page is left while user info reloads', async () => {
  saveSession({ ...ALICE_SESSION, organization: 'acme' });
  serveSignedInUser(server, {
    organizations: [organization('acme', false), organization('globex', true)],
  });
  const store = signedInStore();
  await loadAppData(store, readSession());
  server.respond(`${IAM}/users/alice`, () => {
    // Another address is opened: the browser starts leaving and cancels what is in flight.
    window.dispatchEvent(new Event('beforeunload'));
    return DROP;
  });
  const navigate = vi.fn();

  await switchOrganization({
    store,
    readSession,
    organizationId: 'globex',
    currentPath: '/home',
    navigate,
    delayMs: 0,
  });

  expect(navigate).not.toHaveBeenCalled();
  expect(requestsTo(server, `GET ${IAM}/users/alice`)).toHaveLength(2);
  expect(selectFullScreenLoading(store.getState())).toBe(false);
});
