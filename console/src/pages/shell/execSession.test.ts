import { describe, expect, it } from 'vitest';
import {
  execUrl,
  openExecSession,
  type ShellState,
  type SocketLike,
  type TerminalLike,
} from './execSession';

const target = {
  vendor: 'aws',
  region: 'eu',
  cluster: 'prod',
  namespace: 'shop',
  pod: 'web-1',
  container: 'nginx',
};

/** A socket standing in for the operator's exec WebSocket: the test plays the server side. */
function fakeSocket() {
  const sent: Uint8Array[] = [];
  let opened: { url: string; protocols: string[] } | undefined;
  const socket: SocketLike & { readyState: number; protocol: string } = {
    binaryType: 'blob',
    protocol: '',
    readyState: 0,
    send: (data) => void sent.push(data),
    close: (code = 1000, reason = '') => {
      socket.readyState = 3;
      socket.onclose?.({ code, reason } as CloseEvent);
    },
    onopen: null,
    onmessage: null,
    onclose: null,
  };
  return {
    socket,
    sent,
    opened: () => opened,
    connect: (url: string, protocols: string[]) => {
      opened = { url, protocols };
      return socket;
    },
    serverOpens(protocol: string) {
      socket.protocol = protocol;
      socket.readyState = 1;
      socket.onopen?.(new Event('open'));
    },
    serverSends(bytes: number[] | Uint8Array) {
      socket.onmessage?.({ data: new Uint8Array(bytes).buffer } as MessageEvent);
    },
    serverCloses(code: number, reason = '') {
      socket.readyState = 3;
      socket.onclose?.({ code, reason } as CloseEvent);
    },
  };
}

function fakeTerminal() {
  const written: string[] = [];
  let listener: ((data: string) => void) | undefined;
  const terminal: TerminalLike = {
    cols: 100,
    rows: 30,
    write: (data) =>
      void written.push(typeof data === 'string' ? data : new TextDecoder().decode(data)),
    onData: (next) => {
      listener = next;
      return { dispose: () => (listener = undefined) };
    },
  };
  return {
    terminal,
    written,
    type: (data: string) => listener?.(data),
    listening: () => !!listener,
  };
}

const json = (frame: Uint8Array | undefined) =>
  JSON.parse(new TextDecoder().decode(frame?.subarray(1))) as unknown;

describe('execUrl', () => {
  it("names the pod's exec endpoint with a terminal, on the page's own host as ws or wss", () => {
    const url = new URL(execUrl('/api/v1', target, 'bash', 'https://console.example/shell/x'));
    expect(url.origin).toBe('wss://console.example');
    expect(url.pathname).toBe(
      '/api/v1/k8s.nimbus.io/vendors/aws/regions/eu/clusters/prod/namespaces/shop/pods/web-1/exec',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      container: 'nginx',
      command: 'bash',
      tty: 'true',
      stdin: 'true',
    });
    expect(execUrl('/api/v1', target, 'sh', 'http://127.0.0.1:8080/')).toMatch(/^ws:\/\//);
  });
});

describe('openExecSession', () => {
  it('offers v5 then v4, sends the size on open and keystrokes on stdin, writes output', () => {
    const fake = fakeSocket();
    const term = fakeTerminal();
    const states: ShellState[] = [];
    const session = openExecSession(
      'ws://x/exec',
      term.terminal,
      (s) => states.push(s),
      fake.connect,
    );
    expect(fake.opened()?.protocols).toEqual(['v5.channel.k8s.io', 'v4.channel.k8s.io']);
    expect(fake.socket.binaryType).toBe('arraybuffer');
    term.type('lost before open');
    expect(fake.sent).toEqual([]);

    fake.serverOpens('v5.channel.k8s.io');
    expect(states.at(-1)).toEqual({ phase: 'open', protocol: 'v5.channel.k8s.io' });
    expect(fake.sent[0]?.[0]).toBe(4);
    expect(json(fake.sent[0])).toEqual({ Width: 100, Height: 30 });

    term.type('echo hello\r');
    expect(fake.sent[1]?.[0]).toBe(0);
    expect(new TextDecoder().decode(fake.sent[1]?.subarray(1))).toBe('echo hello\r');
    fake.serverSends([1, ...new TextEncoder().encode('hello\r\n')]);
    fake.serverSends([2, ...new TextEncoder().encode('warn\r\n')]);
    expect(term.written).toEqual(['hello\r\n', 'warn\r\n']);

    session.resize(80, 24);
    expect(json(fake.sent[2])).toEqual({ Width: 80, Height: 24 });
  });

  it("reports the shell's exit code from its final status, then the close", () => {
    const fake = fakeSocket();
    const term = fakeTerminal();
    const states: ShellState[] = [];
    openExecSession('ws://x/exec', term.terminal, (s) => states.push(s), fake.connect);
    fake.serverOpens('v4.channel.k8s.io');
    const status = {
      status: 'Failure',
      details: { causes: [{ reason: 'ExitCode', message: '2' }] },
    };
    fake.serverSends([3, ...new TextEncoder().encode(JSON.stringify(status))]);
    fake.serverCloses(1000);
    expect(states.at(-1)).toMatchObject({ phase: 'closed', opened: true, code: 1000, exitCode: 2 });
    expect(term.listening()).toBe(false);
  });

  it('reports a stream the operator closed with its reason, and one that never opened', () => {
    const fake = fakeSocket();
    const states: ShellState[] = [];
    openExecSession('ws://x/exec', fakeTerminal().terminal, (s) => states.push(s), fake.connect);
    fake.serverOpens('v5.channel.k8s.io');
    fake.serverCloses(1008, 'session revoked');
    expect(states.at(-1)).toEqual({
      phase: 'closed',
      opened: true,
      code: 1008,
      reason: 'session revoked',
      status: undefined,
      exitCode: undefined,
    });

    const refused = fakeSocket();
    const later: ShellState[] = [];
    openExecSession('ws://x/exec', fakeTerminal().terminal, (s) => later.push(s), refused.connect);
    refused.serverCloses(1006);
    expect(later).toEqual([
      { phase: 'connecting' },
      expect.objectContaining({ phase: 'closed', opened: false, code: 1006 }),
    ]);
  });

  it('closes the socket when the user disconnects', () => {
    const fake = fakeSocket();
    const states: ShellState[] = [];
    const session = openExecSession(
      'ws://x/exec',
      fakeTerminal().terminal,
      (s) => states.push(s),
      fake.connect,
    );
    fake.serverOpens('v5.channel.k8s.io');
    session.close();
    expect(states.at(-1)).toMatchObject({ phase: 'closed', code: 1000 });
  });
});
