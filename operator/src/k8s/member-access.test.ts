import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ClusterObject } from '../hub/store.js';
import type { MemberCaller, MemberCalls, MemberRequest } from '../clusters/member-client.js';
import { identityOf, orgObject, userObject } from '../testing/iam.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { MemberUpgradeRefused } from '../member/transport/errors.js';
import { createMemberAccess } from './member-access.js';

interface Seen {
  user: string;
  request: MemberRequest;
}

/** A member that records who asked and answers with `status` and `body`. */
function fakeConnector(answer: { status: number; body: unknown }, seen: Seen[]) {
  let connects = 0;
  const callsAs = (user: string): MemberCalls => ({
    request: async (request) => {
      seen.push({ user, request });
      const body = Buffer.from(JSON.stringify(answer.body));
      return {
        status: answer.status,
        headers: {},
        body,
        json: <T>() => JSON.parse(body.toString()) as T,
      };
    },
    upgrade: async () => {
      if (answer.status >= 300) {
        throw new MemberUpgradeRefused(answer.status, Buffer.from(JSON.stringify(answer.body)));
      }
      throw new Error('no socket in this fake');
    },
    stream: async (request) => {
      seen.push({ user, request });
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const body = Readable.from([Buffer.from(text)]) as unknown as IncomingMessage;
      return { status: answer.status, headers: {}, body };
    },
  });
  return {
    connector: {
      for: async (_cluster: ClusterObject, caller: MemberCaller) => {
        if (caller === 'operator') throw new Error('user calls never use the operator identity');
        connects += 1;
        return callsAs(caller.user);
      },
    },
    connects: () => connects,
  };
}

async function setup(ready: boolean | undefined = true) {
  const store = createMemoryStore();
  await store.organizations.create({ ...orgObject('acme'), metadata: { name: 'acme' } });
  await store.roles.create({
    metadata: { name: 'read-only' },
    spec: { builtIn: true, permissions: [{ name: 'node:view', effect: 'Allow' }] },
  });
  for (const name of ['alpha', 'bravo']) {
    await store.clusters.create({
      metadata: { name, labels: { 'nimbus.io/organization': 'acme' } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'eu-west-1',
        credentialsSecretRef: { name: `${name}-kubeconfig`, namespace: 'nimbus-system' },
      },
    });
    if (ready !== undefined) {
      await store.clusters.applyStatus(name, { ready });
    }
  }
  const alice = userObject(
    'alice',
    { acme: false },
    {
      clusterPermissions: [
        { cluster: 'alpha', role: 'read-only', effect: 'Allow' },
        { cluster: 'bravo', role: 'read-only', effect: 'Deny' },
      ],
    },
  );
  await store.users.create({ ...alice, metadata: { name: 'alice' } });
  return { store, alice: identityOf(alice) };
}

const alpha = { vendor: 'ProviderKubeconfig', region: 'eu-west-1', cluster: 'alpha' };

describe('member access for the calling user', () => {
  it('impersonates the caller on every request, asking the connector each time', async () => {
    const { store, alice } = await setup();
    const seen: Seen[] = [];
    const fake = fakeConnector({ status: 200, body: { kind: 'NodeList', items: [] } }, seen);
    const members = createMemberAccess({ store, connector: fake.connector });
    const member = await members.forCaller(alice, alpha);
    await expect(member.json({ path: '/api/v1/nodes' })).resolves.toEqual({
      kind: 'NodeList',
      items: [],
    });
    await (await members.forCaller(alice, alpha)).json({ path: '/api/v1/nodes' });
    expect(seen.map((s) => s.user)).toEqual(['alice', 'alice']);
    // The connector shares one pooled transport between calls (connector.test.ts).
    expect(fake.connects()).toBe(2);
  });

  it('refuses a denied cluster with 9997 before any member call', async () => {
    const { store, alice } = await setup();
    const seen: Seen[] = [];
    const fake = fakeConnector({ status: 200, body: {} }, seen);
    const members = createMemberAccess({ store, connector: fake.connector });
    await expect(members.forCaller(alice, { ...alpha, cluster: 'bravo' })).rejects.toMatchObject({
      entry: { code: 9997 },
    });
    expect(fake.connects()).toBe(0);
  });

  it('answers 1004 for an unknown cluster or a wrong vendor or region', async () => {
    const { store, alice } = await setup();
    const members = createMemberAccess({
      store,
      connector: fakeConnector({ status: 200, body: {} }, []).connector,
    });
    for (const location of [
      { ...alpha, cluster: 'charlie' },
      { ...alpha, vendor: 'ProviderAWS' },
      { ...alpha, region: 'us-east-1' },
    ]) {
      await expect(members.forCaller(alice, location)).rejects.toMatchObject({
        entry: { code: 1004 },
      });
    }
  });

  it('fails at once with 2001 when the last probe found the cluster not ready', async () => {
    const { store, alice } = await setup(false);
    const fake = fakeConnector({ status: 200, body: {} }, []);
    const members = createMemberAccess({ store, connector: fake.connector });
    await expect(members.forCaller(alice, alpha)).rejects.toMatchObject({
      entry: { code: 2001 },
    });
    expect(fake.connects()).toBe(0);
  });

  it("turns the member's refusal of a WebSocket into 9997 with the member's message", async () => {
    const { store, alice } = await setup();
    const status = { kind: 'Status', message: 'pods "web" is forbidden: cannot create pods/exec' };
    const fake = fakeConnector({ status: 403, body: status }, []);
    const members = createMemberAccess({ store, connector: fake.connector });
    const member = await members.forCaller(alice, alpha);
    const opening = member.upgrade({ path: '/api/v1/namespaces/a/pods/web/exec', protocols: [] });
    await expect(opening).rejects.toMatchObject({
      entry: { code: 9997 },
      message: expect.stringContaining('cannot create pods/exec') as string,
    });
  });

  it("hands on a log stream's body as the caller, and turns a refusal into 9997", async () => {
    const { store, alice } = await setup();
    const seen: Seen[] = [];
    const open = createMemberAccess({
      store,
      connector: fakeConnector({ status: 200, body: 'line 1\nline 2\n' }, seen).connector,
    });
    const stream = await (await open.forCaller(alice, alpha)).stream({ path: '/log' });
    const chunks: Buffer[] = [];
    for await (const chunk of stream.body as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('line 1\nline 2\n');
    expect(seen.map((s) => s.user)).toEqual(['alice']);

    const status = { kind: 'Status', message: 'pods "web" is forbidden: cannot get pods/log' };
    const refused = createMemberAccess({
      store,
      connector: fakeConnector({ status: 403, body: status }, []).connector,
    });
    await expect(
      (await refused.forCaller(alice, alpha)).stream({ path: '/log' }),
    ).rejects.toMatchObject({
      entry: { code: 9997 },
      message: expect.stringContaining('cannot get pods/log') as string,
    });
  });

  it("turns the member's own refusal into 9997 and a duplicate into the §5 message", async () => {
    const { store, alice } = await setup();
    const forbidden = createMemberAccess({
      store,
      connector: fakeConnector(
        {
          status: 403,
          body: { kind: 'Status', reason: 'Forbidden', message: 'nodes is forbidden' },
        },
        [],
      ).connector,
    });
    await expect(
      (await forbidden.forCaller(alice, alpha)).json({ method: 'PATCH', path: '/api/v1/nodes/n1' }),
    ).rejects.toMatchObject({ entry: { code: 9997 } });
    const duplicate = createMemberAccess({
      store,
      connector: fakeConnector(
        {
          status: 409,
          body: { kind: 'Status', reason: 'AlreadyExists', details: { name: 'team-a' } },
        },
        [],
      ).connector,
    });
    await expect(
      (await duplicate.forCaller(alice, alpha)).json({
        method: 'POST',
        path: '/api/v1/namespaces',
      }),
    ).rejects.toMatchObject({
      entry: { code: 1005 },
      message: 'team-a already existed, please change',
    });
  });
});
