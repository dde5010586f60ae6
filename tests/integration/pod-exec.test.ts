// A shell in a pod through the operator: the WebSocket handshake passes the same authentication,
// policy and audit as any call, the member's RBAC (pods/exec) decides as the caller, a foreign
// page cannot ride the session cookie, and revoking the session or the caller's access to the
// cluster closes the stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
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
import { channel, converse, openStream, untilStdout } from '../support/streams.js';

const suffix = `px${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const developerName = `dev-${suffix}`;
const readerName = `reader-${suffix}`;

let root: Session;
let developer: Session;
let reader: Session;
let pod = '';

const execPath = (command: string[], target = pod, at = cluster): string => {
  const query = new URLSearchParams(command.map((word) => ['command', word]));
  return `${locationOf(at)}/namespaces/demo/pods/${target}/exec?${query.toString()}`;
};
const shell = (): string => execPath(['sh']);

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'pod-exec',
      contact: 'Ops',
      email: 'ops@pod-exec.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  developer = await gitOpsUser(developerName, org, [
    { cluster, role: 'developer', effect: 'Allow' },
  ]);
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  expect(await memberAllows('member-a', developerName, 'create', 'pods/exec')).toBe('yes');
  expect(await memberAllows('member-a', readerName, 'get', 'pods')).toBe('yes');
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
  removeGitOpsUser(developerName);
  removeGitOpsUser(readerName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('a shell in a pod through the operator', () => {
  it('runs the command in the member as the caller and relays stdin and stdout', async () => {
    const opened = await openStream('k8s', shell(), { token: developer.token });
    if (opened.kind !== 'open') throw new Error(JSON.stringify(opened));
    expect(opened.protocol).toBe('v5.channel.k8s.io');
    const transcript = await converse(opened.socket, 'echo "in $NIMBUS_TESTBED_CLUSTER"\nexit\n');
    expect(transcript.stdout.trim()).toBe('in member-a');
    expect(transcript.stderr).toBe('');
    expect(transcript.status).toContain('Success');
  });

  it('sizes the terminal from a resize message on channel 4, as the console sends it', async () => {
    const opened = await openStream('k8s', `${shell()}&tty=true`, { token: developer.token });
    if (opened.kind !== 'open') throw new Error(JSON.stringify(opened));
    const size = JSON.stringify({ Width: 123, Height: 45 });
    const resize = Buffer.concat([Buffer.from([channel.resize]), Buffer.from(size)]);
    opened.socket.send(resize);
    // The member applies a resize beside stdin, not in order with it, and later still on a loaded
    // machine: the shell asks until it sees it (up to 40 s; it stops at the first match).
    const ask =
      'i=0; while [ $i -lt 200 ]; do s=$(stty size); [ "$s" = "45 123" ] && break; sleep 0.2; i=$((i+1)); done; echo "rows-cols $s"\n';
    // Typed ahead of the shell, the script may be discarded: it goes once the prompt shows.
    await untilStdout(opened.socket, /[#$] $/);
    // Stdin stays open (closing a terminal's input hangs the shell up); `exit` ends it.
    const ended = converse(opened.socket);
    opened.socket.send(Buffer.concat([Buffer.from([channel.stdin]), Buffer.from(ask)]));
    // A resize that reaches the member before its terminal exists is lost (the console sends one
    // on every change of the window): sent again every second until the shell has answered.
    const again = setInterval(() => {
      if (opened.socket.readyState === opened.socket.OPEN) opened.socket.send(resize);
    }, 1000);
    // `exit` only once the answer is out (digits: not the terminal's echo of the script): a shell
    // that exits at once may end the stream before its last output was relayed.
    const transcript = await untilStdout(opened.socket, /rows-cols \d+ \d+\r?\n/)
      .then(() => {
        opened.socket.send(Buffer.concat([Buffer.from([channel.stdin]), Buffer.from('exit\n')]));
        return ended;
      })
      .finally(() => clearInterval(again));
    expect(transcript.stdout).toContain('rows-cols 45 123');
  });

  it("refuses a user whose role lacks pods/exec with 9997, from the member's own RBAC", async () => {
    const opened = await openStream('k8s', shell(), { token: reader.token });
    expect(opened.kind).toBe('refused');
    if (opened.kind !== 'refused') return;
    expect(opened.status).toBe(403);
    expect(opened.body.code).toBe(9997);
    expect(opened.body.message).toContain('pods/exec');
  });

  it('refuses a foreign page riding the session cookie, but lets the console itself in', async () => {
    const foreign = await openStream('k8s', shell(), {
      cookie: developer.token,
      origin: 'https://evil.example',
    });
    expect(foreign).toMatchObject({ kind: 'refused', status: 403, body: { code: 1013 } });
    const noOrigin = await openStream('k8s', shell(), { cookie: developer.token });
    expect(noOrigin).toMatchObject({ kind: 'refused', body: { code: 1013 } });

    const own = await openStream('k8s', execPath(['echo', 'same-origin']), {
      cookie: developer.token,
      origin: new URL(testEnv.operatorUrl).origin,
    });
    if (own.kind !== 'open') throw new Error(JSON.stringify(own));
    expect((await converse(own.socket)).stdout.trim()).toBe('same-origin');
  });

  it('answers 9998 without a session, 1004 for a cluster the caller cannot see, 1000 for bad input', async () => {
    expect(await openStream('k8s', shell())).toMatchObject({
      kind: 'refused',
      body: { code: 9998 },
    });
    const elsewhere = await openStream('k8s', execPath(['sh'], pod, `nowhere-${suffix}`), {
      token: developer.token,
    });
    expect(elsewhere).toMatchObject({ kind: 'refused', body: { code: 1004 } });
    const badPod = await openStream('k8s', execPath(['sh'], 'Not_A_Pod'), {
      token: developer.token,
    });
    expect(badPod).toMatchObject({ kind: 'refused', status: 400, body: { code: 1000 } });
    const noProtocol = await openStream('k8s', shell(), {
      token: developer.token,
      protocols: ['chat'],
    });
    expect(noProtocol).toMatchObject({ kind: 'refused', body: { code: 1000 } });
  });

  it('answers a plain GET of the stream endpoint with 1000 and how to connect', async () => {
    const plain = await api('GET', 'k8s', shell(), { token: developer.token });
    expect(plain.body.code).toBe(1000);
    expect(plain.body.message).toContain('Upgrade: websocket');
  });

  it("files the stream in the audit under the cluster's organization", async () => {
    const opened = await openStream('k8s', execPath(['true']), { token: developer.token });
    if (opened.kind !== 'open') throw new Error(JSON.stringify(opened));
    await converse(opened.socket);
    type Records = {
      items: Array<{
        uri: string;
        httpStatus: number;
        code: number | null;
        organization: string | null;
      }>;
    };
    const records = await eventually(
      async () =>
        expectOk(
          await api<Records>('GET', 'audit', `/records?pageSize=100&user=${developerName}`, {
            token: root.token,
          }),
        ).items,
      (items) => items.some((item) => item.uri.includes('/exec') && item.httpStatus === 101),
    );
    const opening = records.find((item) => item.uri.includes('/exec') && item.httpStatus === 101);
    expect(opening).toMatchObject({ code: 0, organization: org });
    const refused = await eventually(
      async () =>
        expectOk(
          await api<Records>('GET', 'audit', `/records?pageSize=100&user=${readerName}`, {
            token: root.token,
          }),
        ).items,
      (items) => items.some((item) => item.uri.includes('/exec')),
    );
    expect(refused.find((item) => item.uri.includes('/exec'))).toMatchObject({ code: 9997 });
  });

  it('closes an open shell when its session is revoked', async () => {
    // A second session of the developer, so the other tests keep theirs.
    const session = await signIn(developerName, `pw-${developerName}-1A`);
    const opened = await openStream('k8s', shell(), { token: session.token });
    if (opened.kind !== 'open') throw new Error(JSON.stringify(opened));
    const ended = converse(opened.socket);
    expectOk(await api('POST', 'auth', '/logout', { token: session.token }));
    const transcript = await ended;
    expect(transcript.closeCode).toBe(1008);
    expect(transcript.closeReason).toBe('session revoked');
  });

  it("closes an open shell when the caller's binding on the cluster turns Deny", async () => {
    const binding = (effect: 'Allow' | 'Deny') =>
      JSON.stringify({ spec: { clusterPermissions: [{ cluster, role: 'developer', effect }] } });
    const opened = await openStream('k8s', shell(), { token: developer.token });
    if (opened.kind !== 'open') throw new Error(JSON.stringify(opened));
    const ended = converse(opened.socket);
    try {
      hub(['patch', 'users.nimbus.io', developerName, '--type=merge', '-p', binding('Deny')]);
      const transcript = await ended;
      expect(transcript.closeCode).toBe(1008);
      expect(transcript.closeReason).toBe(`access to cluster ${cluster} ended`);
      const again = await openStream('k8s', shell(), { token: developer.token });
      expect(again).toMatchObject({ kind: 'refused', body: { code: 9997 } });
    } finally {
      hub(['patch', 'users.nimbus.io', developerName, '--type=merge', '-p', binding('Allow')]);
    }
  });
});
