import { describe, expect, it } from 'vitest';
import type { ClusterObject } from '../../hub/store.js';
import { startTestController } from '../../testing/controllers.js';
import { fakeClock } from '../../testing/fake-clock.js';
import { loopbackCertificate } from '../../testing/loopback-tls.js';
import type { MemoryHubStore } from '../../testing/memory-store.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { credentialsKey } from '../connector.js';
import type { MemberCaller, MemberCalls, MemberRequest, MemberResponse } from '../member-client.js';
import { agentReference, memberAgentAnnotation } from './agent-api.js';
import { memberAgentController } from './controller.js';
import { agentCredentialsOf, agentKubeconfig } from './credentials.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const tokenPath = '/api/v1/namespaces/nimbus-agent/serviceaccounts/nimbus-agent/token';

/** A ServiceAccount token as the API server issues one: only its iat and exp matter here. */
const jwt = (issuedAtMs: number, lifetimeMs: number, id: string) =>
  [
    { alg: 'RS256' },
    {
      iat: issuedAtMs / 1000,
      exp: (issuedAtMs + lifetimeMs) / 1000,
      sub: 'system:serviceaccount:nimbus-agent:nimbus-agent',
      jti: id,
    },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .concat('signature')
    .join('.');

const respond = (status: number, json: unknown = {}): MemberResponse => {
  const body = Buffer.from(JSON.stringify(json));
  return { status, headers: {}, body, json: <T>() => JSON.parse(body.toString()) as T };
};

/**
 * The member as the agent's token sees it: its namespace, the RBAC the controller adopts, and
 * TokenRequests answered with a token issued now (fake clock) or refused while `down`.
 */
function fakeMember(now: () => number) {
  const member = {
    down: false,
    /** When each TokenRequest came, and what it asked for. */
    tokenRequests: [] as Array<{ at: number; request: MemberRequest }>,
    looks: 0,
    issued: [] as string[],
  };
  const operatorCalls = {
    request: async (request: MemberRequest) => {
      if (request.path === '/api/v1/namespaces/nimbus-agent') {
        member.looks++;
        return respond(200, { metadata: { name: 'nimbus-agent', uid: 'ns-uid' } });
      }
      if (request.method === 'PATCH') return respond(200);
      if (request.method === 'POST' && request.path === tokenPath) {
        member.tokenRequests.push({ at: now(), request });
        if (member.down) return respond(503, { message: 'etcdserver: request timed out' });
        const seconds = (request.body as { spec: { expirationSeconds: number } }).spec
          .expirationSeconds;
        const token = jwt(now(), seconds * 1000, `issued-${member.issued.length + 1}`);
        member.issued.push(token);
        return respond(201, {
          status: { token, expirationTimestamp: new Date(now() + seconds * 1000).toISOString() },
        });
      }
      return respond(404);
    },
  } as unknown as MemberCalls;
  const connector = {
    for: (_cluster: unknown, caller: MemberCaller) => {
      if (caller !== 'operator') throw new Error('the agent controller never acts as a user');
      return Promise.resolve(operatorCalls);
    },
  };
  return { member, connector };
}

const server = 'https://10.0.0.1:6443';

/** A Cluster registered by command, its Secret holding the agent's kubeconfig with `token`. */
async function registered(store: MemoryHubStore, token: string): Promise<ClusterObject> {
  const cluster = await store.clusters.create({
    metadata: { name: 'edge-1', annotations: { [memberAgentAnnotation]: agentReference } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'local',
      credentialsSecretRef: { name: 'edge-1-credentials', namespace: store.namespace },
    },
  });
  await store.secrets.create({
    name: 'edge-1-credentials',
    data: {
      [credentialsKey]: JSON.stringify({
        kubeconfig: agentKubeconfig({ server, ca: loopbackCertificate, token }),
      }),
    },
  });
  return cluster;
}

async function storedToken(store: MemoryHubStore): Promise<string | undefined> {
  const secret = await store.secrets.get('edge-1-credentials');
  const { kubeconfig } = JSON.parse(secret?.data[credentialsKey] ?? '{}') as {
    kubeconfig?: string;
  };
  const credentials = agentCredentialsOf(kubeconfig ?? '');
  expect(credentials).toMatchObject({ server, ca: loopbackCertificate });
  return credentials?.token;
}

describe('the member agent controller, over a token’s life', () => {
  it('renews the token once two thirds of its life have passed, and retries a failed renewal minutes later', async () => {
    const start = Date.parse('2030-01-01T00:00:00Z');
    const clock = fakeClock(start);
    const store = createMemoryStore();
    const first = jwt(start, day, 'registered');
    await registered(store, first);
    const { member, connector } = fakeMember(() => clock.now());
    const controller = startTestController(memberAgentController({ store, connector }), clock);
    const reasons = () => controller.events.about('edge-1').map((event) => event.reason);
    try {
      await controller.settled();

      // Up to two thirds of a day (16 h): looked at hourly, nothing asked for.
      await clock.run(16 * hour - 1_000);
      await controller.settled();
      expect(member.tokenRequests).toEqual([]);
      expect(member.looks).toBe(16);
      expect(await storedToken(store)).toBe(first);

      // At 16 h: one TokenRequest for the first token's lifetime; the new token is stored.
      await clock.run(1_000);
      await controller.settled();
      expect(member.tokenRequests).toEqual([
        {
          at: start + 16 * hour,
          request: expect.objectContaining({
            method: 'POST',
            path: tokenPath,
            body: expect.objectContaining({
              kind: 'TokenRequest',
              spec: { expirationSeconds: 24 * 3600 },
            }),
          }) as MemberRequest,
        },
      ]);
      const second = member.issued[0];
      expect(second).toBeDefined();
      expect(await storedToken(store)).toBe(second);
      expect(reasons()).toEqual(['CredentialsRotated']);

      // The new token is due 16 h after it was issued; the member is down by then.
      member.down = true;
      const renewedAt = start + 16 * hour;
      await clock.run(16 * hour - 1_000);
      await controller.settled();
      expect(member.tokenRequests).toHaveLength(1);
      await clock.run(1_000 + 30 * minute);
      await controller.settled();
      const failed = member.tokenRequests.slice(1).map((call) => call.at - renewedAt);
      // Tried at 16 h and every 5 minutes after: 7 attempts in 30 minutes, not a tight loop.
      expect(failed).toEqual([0, 5, 10, 15, 20, 25, 30].map((m) => 16 * hour + m * minute));
      expect(await storedToken(store)).toBe(second);
      expect(reasons()).toContain('CredentialsNotRotated');

      // Back: the next retry renews, and nothing is asked for again until that token is due.
      member.down = false;
      await clock.run(5 * minute);
      await controller.settled();
      expect(member.tokenRequests).toHaveLength(9);
      expect(member.issued).toHaveLength(2);
      expect(await storedToken(store)).toBe(member.issued[1]);
      await clock.run(15 * hour);
      await controller.settled();
      expect(member.tokenRequests).toHaveLength(9);
    } finally {
      controller.stop();
    }
  });
});
