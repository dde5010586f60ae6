import { describe, expect, it } from 'vitest';
import type { MemberRequest } from '../clusters/member-client.js';
import type { UserMember } from '../k8s/member-access.js';
import { openHelmRelay } from './helm-relay.js';

const refused = {
  kind: 'Status',
  reason: 'Forbidden',
  message:
    'serviceaccounts "shop" is forbidden: User "nimbus:vera" cannot get resource "serviceaccounts" in API group "" in the namespace "shop"',
  details: { name: 'shop', kind: 'serviceaccounts' },
};

function recordingMember(): { member: UserMember; seen: MemberRequest[] } {
  const seen: MemberRequest[] = [];
  const member = {
    cluster: { metadata: { name: 'alpha' } },
    send: async (request: MemberRequest) => {
      seen.push(request);
      const forbidden = request.path.includes('/serviceaccounts/');
      const body = Buffer.from(forbidden ? JSON.stringify(refused) : '{"kind":"ConfigMap"}');
      return {
        status: forbidden ? 403 : 201,
        headers: { 'content-type': 'application/json' },
        body,
        json: () => ({}),
      };
    },
  } as unknown as UserMember;
  return { member, seen };
}

describe('the Helm relay', () => {
  it("relays Helm's bytes to the member as the caller, without Helm's token", async () => {
    const { member, seen } = recordingMember();
    const relay = await openHelmRelay(member);
    try {
      const answer = await fetch(
        `${relay.url}/api/v1/namespaces/shop/configmaps?fieldManager=helm`,
        {
          method: 'POST',
          headers: {
            authorization: 'Bearer from-helm',
            'content-type': 'application/json',
            'impersonate-user': 'system:admin',
          },
          body: '{"kind":"ConfigMap"}',
        },
      );
      expect(answer.status).toBe(201);
      expect(await answer.text()).toBe('{"kind":"ConfigMap"}');
      expect(seen).toHaveLength(1);
      const [request] = seen;
      expect(request).toMatchObject({
        method: 'POST',
        path: '/api/v1/namespaces/shop/configmaps?fieldManager=helm',
        contentType: 'application/json',
      });
      expect(Buffer.isBuffer(request?.body) && request.body.toString()).toBe(
        '{"kind":"ConfigMap"}',
      );
      expect(Object.keys(request?.headers ?? {})).not.toContain('authorization');
      expect(Object.keys(request?.headers ?? {})).not.toContain('impersonate-user');
    } finally {
      await relay.close();
    }
  });

  it('asks the member for JSON where Helm asks for protobuf, so refusals stay readable', async () => {
    const { member, seen } = recordingMember();
    const relay = await openHelmRelay(member);
    try {
      await fetch(`${relay.url}/api/v1/namespaces/shop/secrets`, {
        headers: { accept: 'application/vnd.kubernetes.protobuf,application/json' },
      });
      await fetch(`${relay.url}/api`, {
        headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' },
      });
      expect(seen.map((request) => request.headers?.accept)).toEqual([
        'application/json',
        'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
      ]);
    } finally {
      await relay.close();
    }
  });

  it("refuses a call without the relay's one-time path, and every call once closed", async () => {
    const { member, seen } = recordingMember();
    const relay = await openHelmRelay(member);
    const other = await openHelmRelay(member);
    const port = new URL(relay.url).port;
    const otherSecret = new URL(other.url).pathname;
    for (const path of ['/api', `${otherSecret}/api`, `${new URL(relay.url).pathname}x/api`]) {
      expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(401);
    }
    await Promise.all([relay.close(), other.close()]);
    await expect(fetch(`${relay.url}/api`)).rejects.toThrow();
    expect(seen).toEqual([]);
  });

  it('remembers what the member refused, as the call it was', async () => {
    const { member } = recordingMember();
    const relay = await openHelmRelay(member);
    try {
      const answer = await fetch(`${relay.url}/api/v1/namespaces/shop/serviceaccounts/shop`);
      expect(answer.status).toBe(403);
      expect(relay.refusals()).toEqual([
        {
          cluster: 'alpha',
          cause: 'rbac',
          verb: 'get',
          group: '',
          resource: 'serviceaccounts',
          namespace: 'shop',
          name: 'shop',
          reason: refused.message,
        },
      ]);
    } finally {
      await relay.close();
    }
  });
});
