import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/logs.js';
import type { LeaderElection } from './leader.js';
import { startLeaderElection } from './leader.js';

/** A loopback stand-in for the coordination API: one Lease with resourceVersion checks. */
interface FakeLeases {
  kubeConfig: KubeConfig;
  lease(): { spec?: Record<string, unknown> } | undefined;
  failing: boolean;
  close(): Promise<void>;
}

async function fakeLeases(): Promise<FakeLeases> {
  let stored: { metadata: Record<string, unknown>; spec?: Record<string, unknown> } | undefined;
  let version = 0;
  const state = { failing: false };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const conflict = { kind: 'Status', code: 409, reason: 'Conflict', message: 'conflict' };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (state.failing) return send(res, 500, { kind: 'Status', code: 500, message: 'down' });
      const body = text ? (JSON.parse(text) as typeof stored) : undefined;
      if (req.method === 'GET') {
        return stored
          ? send(res, 200, stored)
          : send(res, 404, { kind: 'Status', code: 404, reason: 'NotFound' });
      }
      if (req.method === 'POST') {
        if (stored || !body) return send(res, 409, conflict);
        stored = { ...body, metadata: { ...body.metadata, resourceVersion: String(++version) } };
        return send(res, 201, stored);
      }
      if (req.method === 'PUT' && body) {
        if (!stored || body.metadata.resourceVersion !== stored.metadata.resourceVersion) {
          return send(res, 409, conflict);
        }
        stored = { ...body, metadata: { ...body.metadata, resourceVersion: String(++version) } };
        return send(res, 200, stored);
      }
      send(res, 405, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'hub', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'u', token: 't' }],
    contexts: [{ name: 'c', cluster: 'hub', user: 'u' }],
    currentContext: 'c',
  });
  return {
    kubeConfig,
    lease: () => stored,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function candidate(fake: FakeLeases, identity: string) {
  const events: string[] = [];
  const election: LeaderElection = startLeaderElection({
    kubeConfig: fake.kubeConfig,
    namespace: 'nimbus-system',
    identity,
    leaseDurationSeconds: 1,
    retryPeriodMs: 50,
    logger: captureLogs().logger,
    onStartedLeading: () => events.push('started'),
    onStoppedLeading: () => events.push('stopped'),
  });
  cleanups.push(() => election.stop());
  return { election, events };
}

describe('leader election', () => {
  it('makes exactly one of two candidates leader', async () => {
    const fake = await fakeLeases();
    cleanups.push(() => fake.close());
    const one = candidate(fake, 'one');
    const two = candidate(fake, 'two');
    await until(() => one.election.isLeader() || two.election.isLeader());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([one.election.isLeader(), two.election.isLeader()].filter(Boolean)).toHaveLength(1);
    const holder = fake.lease()?.spec?.holderIdentity;
    expect(holder === 'one' ? one.events : two.events).toEqual(['started']);
  });

  it('hands over when the leader releases the lease on stop', async () => {
    const fake = await fakeLeases();
    cleanups.push(() => fake.close());
    const one = candidate(fake, 'one');
    await until(() => one.election.isLeader());
    const two = candidate(fake, 'two');
    await one.election.stop();
    await until(() => two.election.isLeader(), 2_000);
    expect(fake.lease()?.spec?.holderIdentity).toBe('two');
    expect(Number(fake.lease()?.spec?.leaseTransitions)).toBe(1);
  });

  it('takes over a lease whose holder stopped renewing, only after the lease duration', async () => {
    const fake = await fakeLeases();
    cleanups.push(() => fake.close());
    const one = candidate(fake, 'one');
    await until(() => one.election.isLeader());
    // The holder vanishes without releasing (e.g. killed): its loop stops, the lease stays.
    const stopped = Date.now();
    await one.election.stop({ release: false });
    const two = candidate(fake, 'two');
    await until(() => two.election.isLeader(), 5_000);
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(900);
  });

  it('gives up leadership when it cannot renew within the lease duration', async () => {
    const fake = await fakeLeases();
    cleanups.push(() => fake.close());
    const one = candidate(fake, 'one');
    await until(() => one.election.isLeader());
    fake.failing = true;
    await until(() => one.events.includes('stopped'), 3_000);
    expect(one.election.isLeader()).toBe(false);
  });
});
