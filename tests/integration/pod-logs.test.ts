// A container's log through the operator: read from the member's pods/{pod}/log as the caller
// (kwok serves the test bed's log file for every container), refused by the member's own RBAC
// for a user without pods/log, and a follow stream cut when the caller signs out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
  signIn,
} from '../support/iam.js';
import {
  gitOpsUser,
  locationOf,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { testEnv } from '../support/env.js';

const suffix = `pl${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const readerName = `reader-${suffix}`;
const listerName = `lister-${suffix}`;
const listerRole = `pods-no-logs-${suffix}`;
const readerPassword = `pw-${readerName}-1A`;

let root: Session;
let reader: Session;
let lister: Session;
let pod = '';

const logUrl = (query = '', target = pod): URL =>
  new URL(
    `/api/v1/k8s.${testEnv.host}${locationOf(cluster)}/namespaces/demo/pods/${target}/log${query}`,
    testEnv.operatorUrl,
  );

const logs = (session: Session, query = '', signal?: AbortSignal): Promise<Response> =>
  fetch(logUrl(query), {
    headers: { Authorization: `Bearer ${session.token}` },
    ...(signal ? { signal } : {}),
  });

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'pod-logs',
      contact: 'Ops',
      email: 'ops@pod-logs.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  // Sees pods but may not read their logs.
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Role',
      metadata: { name: listerRole },
      spec: { organization: org, permissions: [{ name: 'application:list', effect: 'Allow' }] },
    },
  ]);
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  lister = await gitOpsUser(listerName, org, [{ cluster, role: listerRole, effect: 'Allow' }]);
  expect(await memberAllows('member-a', readerName, 'get', 'pods/log')).toBe('yes');
  expect(await memberAllows('member-a', listerName, 'get', 'pods')).toBe('yes');
  expect(await memberAllows('member-a', listerName, 'get', 'pods/log', 'no')).toBe('no');
  pod = onMember('member-a', [
    '-n',
    'demo',
    'get',
    'pods',
    '-l',
    'app=web',
    '-o',
    'jsonpath={.items[0].metadata.name}',
  ]).stdout.trim();
  expect(pod).not.toBe('');
}, 90_000);

afterAll(async () => {
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(readerName);
  removeGitOpsUser(listerName);
  hub(['delete', 'roles.nimbus.io', listerRole, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe("a container's log through the operator", () => {
  it("returns the member's log lines as plain text, with the member's own options applied", async () => {
    const whole = await logs(reader);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await whole.text();
    const expected = onMember('member-a', ['-n', 'demo', 'logs', pod]).stdout;
    expect(text).toBe(expected);
    expect(text).toContain('nimbus test-bed log line 1');

    const tail = await (await logs(reader, '?tailLines=2&timestamps=true')).text();
    const lines = tail.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z nimbus test-bed log line 5$/);
  });

  it('refuses bad options with 1000 before the member is asked', async () => {
    const both = await logs(reader, '?sinceSeconds=60&sinceTime=2026-01-01T00:00:00Z');
    expect(both.status).toBe(400);
    expect(((await both.json()) as { code: number }).code).toBe(1000);
  });

  it("refuses a user without pods/log with 9997, from the member's own RBAC", async () => {
    const refused = await logs(lister);
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { code: number; message: string };
    expect(body.code).toBe(9997);
    expect(body.message).toContain('pods/log');

    // A log read is a read: the default audit policy keeps its refusals, filed under the
    // cluster's organization with the subresource as the kind.
    type Records = {
      items: Array<{
        uri: string;
        code: number | null;
        organization: string | null;
        kind: string | null;
      }>;
    };
    const isLogRead = (item: { uri: string }) => item.uri.includes(`/pods/${pod}/log`);
    const records = await eventually(
      async () =>
        expectOk(
          await api<Records>('GET', 'audit', `/records?pageSize=100&user=${listerName}`, {
            token: root.token,
          }),
        ).items,
      (items) => items.some(isLogRead),
    );
    expect(records.find(isLogRead)).toMatchObject({
      code: 9997,
      organization: org,
      kind: 'pods/log',
    });
  });

  it('cuts a follow stream when its session signs out', async () => {
    // A second session of the reader, so the other tests keep theirs.
    const session = await signIn(readerName, readerPassword);
    const response = await logs(session, '?follow=true');
    expect(response.status).toBe(200);
    const body = response.body;
    if (!body) throw new Error('no body');
    const reading = body.getReader();
    const decoder = new TextDecoder();
    const seen = { text: '', ended: '' };
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reading.read();
          if (done) break;
          seen.text += decoder.decode(value, { stream: true });
        }
        seen.ended = 'complete';
      } catch {
        seen.ended = 'cut';
      }
    })();
    await eventually(
      () => seen.text,
      (text) => text.includes('nimbus test-bed log line 5'),
    );
    // kwok keeps a follow open (its containers never stop): only the sign-out ends it.
    expect(seen.ended).toBe('');
    expectOk(await api('POST', 'auth', '/logout', { token: session.token }));
    const ended = await eventually(
      () => seen.ended,
      (how) => how !== '',
    );
    expect(ended).toBe('cut');
  });
});
