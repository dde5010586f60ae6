import { describe, expect, it } from 'vitest';
import { resetAccessKey } from '../../identity/access-keys.js';
import { buildIdentity } from '../../identity/build-identity.js';
import { createCredentials } from '../../identity/credentials.js';
import type { Identity } from '../../identity/identity.js';
import { fakeClock } from '../../testing/fake-clock.js';
import { clusterObject, orgObject, userObject } from '../../testing/iam.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import type { StreamEnding, StreamGuardOptions } from './revocation.js';
import { guardStream, recheckDelayMs } from './revocation.js';

const hour = 3600;
const start = Date.parse('2026-03-01T08:00:00Z');
/** Lets the event loop run what resolved (the re-check reads the caches asynchronously). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function setup() {
  const store = createMemoryStore();
  await store.organizations.create({ ...orgObject('acme'), metadata: { name: 'acme' } });
  await store.roles.create({
    metadata: { name: 'developer' },
    spec: { builtIn: true, permissions: [{ name: 'pod:exec', effect: 'Allow' }] },
  });
  for (const name of ['alpha', 'bravo']) {
    const { metadata, spec } = clusterObject(name, 'acme');
    await store.clusters.create({ metadata: { name, labels: metadata.labels ?? {} }, spec });
  }
  const bindings = [{ cluster: 'alpha', role: 'developer', effect: 'Allow' as const }];
  const alice = await store.users.create({
    ...userObject('alice', { acme: false }, { clusterPermissions: bindings }),
    metadata: { name: 'alice' },
  });
  const root = await store.users.create({
    ...userObject('root', {}, { sysAdmin: true }),
    metadata: { name: 'root' },
  });
  for (const [name, expiresAt] of [
    ['s-1', '2099-01-01T00:00:00Z'],
    ['s-2', '2099-01-01T00:00:00Z'],
    ['s-short', new Date(start + hour * 1000).toISOString()],
  ] as const) {
    await store.sessions.create({ metadata: { name }, spec: { user: 'alice', expiresAt } });
  }
  const session = (user: typeof alice, sessionId = 's-1'): Identity =>
    buildIdentity(store, user, { via: 'session', sessionId });
  const clock = fakeClock(start);
  /** Lets the re-check that hub changes scheduled run and finish. */
  const settle = async () => {
    clock.advance(recheckDelayMs);
    await turn();
  };
  const endings: StreamEnding[] = [];
  const guard = (identity: Identity, options: Partial<StreamGuardOptions> = {}) =>
    guardStream(
      { store, identity, cluster: 'alpha', maxLifetimeSeconds: 4 * hour, clock, ...options },
      (ending) => endings.push(ending),
    );
  return { store, alice, root, session, clock, settle, endings, guard };
}

const accessEnded = (reason: string): StreamEnding => ({ code: 1008, reason });

describe('closing a stream when access ends', () => {
  it("ends once when the caller's own session is revoked, not another one", async () => {
    const { store, alice, session, endings, guard, settle } = await setup();
    guard(session(alice));
    await store.sessions.delete('s-2');
    expect(endings).toEqual([]);
    await store.sessions.delete('s-1');
    await store.users.delete('alice');
    await settle();
    expect(endings).toEqual([accessEnded('session revoked')]);
  });

  it('ends when the user is deleted, also for a signed (sessionless) caller', async () => {
    const { store, alice, endings, guard, settle } = await setup();
    guard(buildIdentity(store, alice, { via: 'signature' }));
    await store.sessions.delete('s-1');
    await store.users.delete('alice');
    await settle();
    expect(endings).toEqual([accessEnded('user deleted')]);
  });

  it('stops listening once the stream closed by itself', async () => {
    const { store, alice, session, clock, endings, guard, settle } = await setup();
    const stop = guard(session(alice));
    stop();
    await store.sessions.delete('s-1');
    await store.users.modify('alice', (spec) => ({ ...spec, clusterPermissions: [] }));
    clock.advance(5 * hour * 1000);
    await settle();
    expect(endings).toEqual([]);
    expect(clock.pending()).toBe(0);
  });
});

describe("re-evaluating the caller's cluster access on hub changes", () => {
  it("ends when the caller's binding on the stream's cluster turns Deny", async () => {
    const { store, alice, session, endings, guard, settle } = await setup();
    guard(session(alice));
    // Changes that leave alpha in scope keep the stream.
    await store.users.modify('alice', (spec) => ({
      ...spec,
      displayName: 'Alice',
      clusterPermissions: [
        ...(spec.clusterPermissions ?? []),
        { cluster: 'bravo', role: 'developer', effect: 'Deny' },
      ],
    }));
    await store.roles.create({ metadata: { name: 'viewer' }, spec: { builtIn: true } });
    await settle();
    expect(endings).toEqual([]);
    await store.users.modify('alice', (spec) => ({
      ...spec,
      clusterPermissions: (spec.clusterPermissions ?? []).map((binding) => ({
        ...binding,
        effect: 'Deny' as const,
      })),
    }));
    // Re-checked once the burst of hub changes has settled, not on every event.
    await turn();
    expect(endings).toEqual([]);
    await settle();
    expect(endings).toEqual([accessEnded('access to cluster alpha ended')]);
  });

  it('ends when a group of the organization takes over the binding (groups first)', async () => {
    const { store, alice, session, endings, guard, settle } = await setup();
    guard(session(alice));
    await store.userGroups.create({
      metadata: { name: 'ops' },
      spec: { organization: 'acme', members: ['alice'], clusterPermissions: [] },
    });
    await settle();
    expect(endings).toEqual([accessEnded('access to cluster alpha ended')]);
  });

  it('ends when the caller is removed from the organization', async () => {
    const { store, alice, session, endings, guard, settle } = await setup();
    guard(session(alice));
    await store.users.modify('alice', (spec) => ({ ...spec, organizations: [] }));
    await settle();
    expect(endings).toEqual([accessEnded('access to cluster alpha ended')]);
  });

  it('ends when the organization is deleted', async () => {
    const { store, alice, session, endings, guard, settle } = await setup();
    guard(session(alice));
    await store.organizations.delete('acme');
    await settle();
    expect(endings).toEqual([accessEnded('access to cluster alpha ended')]);
  });

  it("ends when the stream's cluster is deleted, not another one", async () => {
    const { store, alice, session, endings, guard, settle } = await setup();
    guard(session(alice));
    await store.clusters.delete('bravo');
    await settle();
    expect(endings).toEqual([]);
    await store.clusters.delete('alpha');
    await settle();
    expect(endings).toEqual([accessEnded('access to cluster alpha ended')]);
  });

  it('ends when a system admin without a binding loses sysAdmin', async () => {
    const { store, root, endings, guard, settle } = await setup();
    guard(buildIdentity(store, root, { via: 'signature' }));
    await store.users.modify('root', (spec) => ({ ...spec, displayName: 'Root' }));
    await settle();
    expect(endings).toEqual([]);
    await store.users.modify('root', (spec) => ({ ...spec, sysAdmin: false }));
    await settle();
    expect(endings).toEqual([accessEnded('access to cluster alpha ended')]);
  });
});

describe('the longest a stream stays open', () => {
  it('closes at the maximum lifetime on the clock, with the lifetime as the reason', async () => {
    const { alice, session, clock, endings, guard } = await setup();
    guard(session(alice));
    clock.advance(4 * hour * 1000 - 1);
    expect(endings).toEqual([]);
    clock.advance(1);
    expect(endings).toEqual([{ code: 1008, reason: 'stream lifetime of 4h reached' }]);
    expect(clock.pending()).toBe(0);
  });

  it("closes earlier, when the caller's session expires first", async () => {
    const { alice, session, clock, endings, guard } = await setup();
    guard(session(alice, 's-short'));
    clock.advance(hour * 1000 - 1);
    expect(endings).toEqual([]);
    clock.advance(1);
    expect(endings).toEqual([accessEnded('session expired')]);
  });

  it("closes an AK/SK caller's stream once their access key is reset", async () => {
    const { store, alice, clock, endings, guard, settle } = await setup();
    await createCredentials(store, alice, {});
    const pair = await resetAccessKey(store, 'alice');
    const signed = buildIdentity(store, alice, { via: 'signature', accessKey: pair.accessKey });
    guard(signed);
    clock.advance(60_000);
    await settle();
    expect(endings).toEqual([]);
    await resetAccessKey(store, 'alice');
    clock.advance(60_000);
    await settle();
    expect(endings).toEqual([accessEnded('access key reset')]);
    expect(clock.pending()).toBe(0);
  });
});
