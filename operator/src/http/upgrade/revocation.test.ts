import { describe, expect, it } from 'vitest';
import { identityOf, userObject } from '../../testing/iam.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { onAccessEnd } from './revocation.js';

async function setup() {
  const store = createMemoryStore();
  const alice = await store.users.create({
    ...userObject('alice', {}),
    metadata: { name: 'alice' },
  });
  for (const name of ['s-1', 's-2']) {
    await store.sessions.create({
      metadata: { name },
      spec: { user: 'alice', expiresAt: '2099-01-01T00:00:00Z' },
    });
  }
  return { store, identity: { ...identityOf(alice), sessionId: 's-1' } };
}

describe('closing a stream when access ends', () => {
  it("ends once when the caller's own session is revoked, not another one", async () => {
    const { store, identity } = await setup();
    const reasons: string[] = [];
    onAccessEnd(store, identity, (reason) => reasons.push(reason));
    await store.sessions.delete('s-2');
    expect(reasons).toEqual([]);
    await store.sessions.delete('s-1');
    await store.users.delete('alice');
    expect(reasons).toEqual(['session revoked']);
  });

  it('ends when the user is deleted, also for a signed (sessionless) caller', async () => {
    const { store, identity } = await setup();
    const reasons: string[] = [];
    const { sessionId: _sessionless, ...signed } = identity;
    onAccessEnd(store, signed, (reason) => reasons.push(reason));
    await store.sessions.delete('s-1');
    await store.users.delete('alice');
    expect(reasons).toEqual(['user deleted']);
  });

  it('stops listening once the stream closed by itself', async () => {
    const { store, identity } = await setup();
    const reasons: string[] = [];
    const stop = onAccessEnd(store, identity, (reason) => reasons.push(reason));
    stop();
    await store.sessions.delete('s-1');
    expect(reasons).toEqual([]);
  });
});
