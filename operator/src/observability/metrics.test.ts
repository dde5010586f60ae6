import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createClusterConnector } from '../clusters/connector.js';
import { awsProvider } from '../clusters/providers/aws.js';
import { createProviderRegistry } from '../clusters/providers/registry.js';
import { runController } from '../controllers/controller.js';
import type { Controller } from '../controllers/controller.js';
import { createLeaderElector } from '../controllers/leader-election.js';
import { createManager } from '../controllers/manager.js';
import { ApiError, errors } from '../core/errors.js';
import { createUser } from '../identity/accounts.js';
import { login } from '../identity/login.js';
import { LoginThrottle, loginThrottleRules } from '../identity/login-throttle.js';
import { createIdentityServices } from '../identity/services.js';
import { observedCall } from '../member/transport/observed.js';
import { MemberCallError } from '../member/transport/errors.js';
import type { MemberTransport } from '../member/transport/transport.js';
import { fakeClock } from '../testing/fake-clock.js';
import { fakeLeases } from '../testing/fake-leases.js';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { memoryRecorder } from '../testing/memory-events.js';
import { operatorRegistry, recordBuild, trackClusters } from './metrics.js';

/** The value of one series in the registry's text exposition, or undefined when absent. */
async function sample(
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const text = await operatorRegistry.metrics();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').pop());
  }
  return undefined;
}

const stops: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe('controller series', () => {
  it('counts reconciles by result, their errors and durations, and the queue of each controller', async () => {
    const clock = fakeClock();
    const outcomes: Record<string, () => Promise<{ requeueAfterMs?: number } | undefined>> = {
      good: () => Promise.resolve(undefined),
      again: () => Promise.resolve({ requeueAfterMs: 60_000 }),
      bad: () => Promise.reject(new Error('boom')),
    };
    const controller: Controller = {
      name: 'metrics-probe',
      watches: [],
      keys: () => Object.keys(outcomes),
      reconcile: (key) => (outcomes[key] as () => Promise<undefined>)(),
      concurrency: 1,
    };
    const context = { clock, events: memoryRecorder(clock).recorder, logger: captureLogs().logger };
    // Nothing runs until the first key is processed: the other two wait in the queue.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = outcomes.good as () => Promise<undefined>;
    outcomes.good = () => gate.then(first);
    const running = runController(controller, context);
    stops.push(() => running.stop());
    expect(await sample('nimbus_workqueue_depth', { controller: 'metrics-probe' })).toBe(2);
    release();
    await running.idle();

    const labels = (result: string) => ({ controller: 'metrics-probe', result });
    expect(await sample('nimbus_controller_reconcile_total', labels('success'))).toBe(1);
    expect(await sample('nimbus_controller_reconcile_total', labels('requeue'))).toBe(1);
    expect(await sample('nimbus_controller_reconcile_total', labels('error'))).toBe(1);
    expect(
      await sample('nimbus_controller_reconcile_errors_total', { controller: 'metrics-probe' }),
    ).toBe(1);
    expect(
      await sample('nimbus_controller_reconcile_duration_seconds_count', {
        controller: 'metrics-probe',
      }),
    ).toBe(3);
    expect(await sample('nimbus_workqueue_adds_total', { controller: 'metrics-probe' })).toBe(3);
    expect(
      await sample('nimbus_workqueue_queue_duration_seconds_count', {
        controller: 'metrics-probe',
      }),
    ).toBe(3);
    expect(await sample('nimbus_workqueue_depth', { controller: 'metrics-probe' })).toBe(0);

    running.stop();
    expect(await sample('nimbus_workqueue_depth', { controller: 'metrics-probe' })).toBeUndefined();
  });
});

describe('member series', () => {
  const answering = (status: number): MemberTransport => ({
    request: () =>
      Promise.resolve({ status, headers: {}, body: Buffer.alloc(0), json: () => ({}) as never }),
    stream: () => Promise.reject(new MemberCallError('no answer within 5 s', 'timeout')),
    upgrade: () => Promise.reject(new Error('unused')),
    close: () => undefined,
    retire: () => undefined,
  });

  it('times every call per cluster with its status and counts the ones that got no answer', async () => {
    const transport = observedCall(
      answering(404),
      { server: 'https://x', auth: { token: 't' } },
      'm-probe',
    );
    await transport.request('operator', { path: '/api/v1/namespaces/a/pods?limit=1' });
    await expect(transport.stream('operator', { path: '/api/v1/pods' })).rejects.toThrow(
      MemberCallError,
    );
    expect(
      await sample('nimbus_member_request_duration_seconds_count', {
        cluster: 'm-probe',
        method: 'GET',
        code: '404',
      }),
    ).toBe(1);
    expect(
      await sample('nimbus_member_request_errors_total', { cluster: 'm-probe', reason: 'timeout' }),
    ).toBe(1);
  });
});

describe('process series', () => {
  it('names the running build and reads each cluster’s Ready condition at scrape time', async () => {
    recordBuild('9.8.7', 'abc123');
    expect(await sample('nimbus_build_info', { version: '9.8.7', revision: 'abc123' })).toBe(1);
    const clusters = [
      {
        metadata: { name: 'ready-one' },
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      },
      {
        metadata: { name: 'down-one' },
        status: { conditions: [{ type: 'Ready', status: 'False' }] },
      },
      { metadata: { name: 'new-one' } },
    ];
    trackClusters(() => clusters);
    expect(await sample('nimbus_cluster_ready', { cluster: 'ready-one' })).toBe(1);
    expect(await sample('nimbus_cluster_ready', { cluster: 'down-one' })).toBe(0);
    expect(await sample('nimbus_cluster_ready', { cluster: 'new-one' })).toBe(0);
    clusters.pop();
    expect(await sample('nimbus_cluster_ready', { cluster: 'new-one' })).toBeUndefined();
  });
});

describe('leader series', () => {
  it('shows 1 while this replica holds the Lease and 0 before and once it lost it', async () => {
    const leases = await fakeLeases();
    stops.push(() => leases.close());
    const clock = fakeClock();
    const retryPeriodMs = 2_000;
    let exits = 0;
    const manager = createManager({
      elector: createLeaderElector({
        kubeConfig: leases.kubeConfig,
        namespace: 'nimbus-system',
        identity: 'replica-a',
        leaseName: 'metrics-probe-lease',
        leaseDurationMs: 15_000,
        clock,
      }),
      events: memoryRecorder(clock).recorder,
      logger: captureLogs().logger,
      clock,
      retryPeriodMs,
      renewDeadlineMs: 10_000,
      onLostLeadership: () => exits++,
    });
    stops.push(() => manager.stop({ release: false }));
    const lease = { lease: 'metrics-probe-lease' };
    expect(await sample('nimbus_leader', lease)).toBe(0);

    manager.start();
    await manager.settled();
    expect(manager.isLeader()).toBe(true);
    expect(await sample('nimbus_leader', lease)).toBe(1);

    // The hub stops answering: past the renew deadline the replica stops leading.
    leases.failing = true;
    for (let i = 0; i < 10 && manager.isLeader(); i++) {
      clock.advance(retryPeriodMs);
      await manager.settled();
    }
    expect({ leader: manager.isLeader(), exits }).toEqual({ leader: false, exits: 1 });
    expect(await sample('nimbus_leader', lease)).toBe(0);
  });
});

describe('vendor series', () => {
  const ca = Buffer.from('-----BEGIN CERTIFICATE-----\nZmFrZQ==\n-----END CERTIFICATE-----\n');
  const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'probe-secret' };
  const target = { region: 'eu-west-1', vendorClusterId: 'prod' };
  const vendor = { vendor: 'ProviderAWS' };

  /** The connector as the operator wires it, its vendor calls answered by `answer`. */
  const connector = (answer: typeof fetch) =>
    createClusterConnector(createMemoryStore(), createProviderRegistry([awsProvider]), {
      policy: {},
      timeoutMs: 1_000,
      endpoints: { eks: 'https://eks.vendor.test', sts: 'https://sts.vendor.test' },
      resolve: () => Promise.resolve(['10.0.0.5']),
      fetch: answer,
    });

  it('counts every vendor call that was refused or got no answer, per vendor', async () => {
    const before = (await sample('nimbus_vendor_api_errors_total', vendor)) ?? 0;
    const described = {
      cluster: {
        endpoint: 'https://prod.eks.example.com',
        certificateAuthority: { data: ca.toString('base64') },
      },
    };
    const ok = connector(() => Promise.resolve(Response.json(described)));
    await ok.connect(awsProvider, target, credentials);
    expect((await sample('nimbus_vendor_api_errors_total', vendor)) ?? 0).toBe(before);

    const busy = connector(() =>
      Promise.resolve(Response.json({ message: 'try again later' }, { status: 503 })),
    );
    const refused = await busy.connect(awsProvider, target, credentials).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toContain('HTTP 503');
    expect(await sample('nimbus_vendor_api_errors_total', vendor)).toBe(before + 1);

    const down = connector(() => Promise.reject(new TypeError('fetch failed')));
    const unreachable = await down.connect(awsProvider, target, credentials).catch((e) => e);
    expect((unreachable as ApiError).message).toContain('could not be reached');
    expect(await sample('nimbus_vendor_api_errors_total', vendor)).toBe(before + 2);
  });
});

describe('sign-in series', () => {
  it('counts wrong passwords and unknown users as credentials, and throttled attempts', async () => {
    const store = createMemoryStore();
    const services = createIdentityServices({
      store,
      sessionKey: randomBytes(32),
      settings: { host: 'nimbus.io', mfaEnabled: false, trustProxy: false, sessionTtlSeconds: 60 },
      logger: captureLogs().logger,
    });
    const now = 1_000_000;
    services.throttle = new LoginThrottle(store.leases, loginThrottleRules, () => now);
    await createUser(services, {
      userName: 'alice',
      spec: { email: 'alice@example.com', organizations: [], clusterPermissions: [] },
      password: 'secret12',
    });
    const failures = async (reason: string) =>
      (await sample('nimbus_signin_failures_total', { reason })) ?? 0;
    const attempt = (userName: string, password: string, from = '198.51.100.7') =>
      login(services, from, { userName, password }).then(
        () => 0,
        (error: unknown) => (error instanceof ApiError ? error.entry.code : -1),
      );
    const before = {
      credentials: await failures('credentials'),
      throttled: await failures('throttled'),
    };

    expect(await attempt('alice', 'secret12')).toBe(0);
    expect(await failures('credentials')).toBe(before.credentials);

    expect(await attempt('alice', 'wrong123')).toBe(errors.badCredentials.code);
    expect(await failures('credentials')).toBe(before.credentials + 1);
    expect(await attempt('nobody', 'secret12', '203.0.113.9')).toBe(errors.badCredentials.code);
    expect(await failures('credentials')).toBe(before.credentials + 2);

    // The pair's free attempts used up, the next guess is refused before any password check.
    for (let i = 1; i < loginThrottleRules.pair.freeAttempts; i++) {
      expect(await attempt('alice', 'wrong123')).toBe(errors.badCredentials.code);
    }
    const guesses = loginThrottleRules.pair.freeAttempts + 1;
    expect(await failures('credentials')).toBe(before.credentials + guesses);
    expect(await attempt('alice', 'wrong123')).toBe(errors.rateLimited.code);
    expect(await failures('throttled')).toBe(before.throttled + 1);
    expect(await failures('credentials')).toBe(before.credentials + guesses);
  });
});
