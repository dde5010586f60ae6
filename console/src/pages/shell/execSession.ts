import type { ContainerTarget } from '../../pods/podPaths';
import { podStreamUrl } from '../../pods/podPaths';
import {
  decodeFrame,
  EXEC_PROTOCOLS,
  exitCodeOf,
  resizeFrame,
  stdinFrame,
  type ExecStatus,
} from './execChannel';

/** The shells offered; `sh` exists in nearly every image. */
export const SHELLS = ['sh', 'bash'] as const;
export type ShellName = (typeof SHELLS)[number];

export type ShellState =
  | { phase: 'connecting' }
  | { phase: 'open'; protocol: string }
  | {
      phase: 'closed';
      /** Whether the socket ever opened (a refused handshake never does). */
      opened: boolean;
      code: number;
      reason: string;
      /** The command's final Status, when the member sent one. */
      status?: ExecStatus | undefined;
      exitCode?: number | undefined;
    };

/** What the session needs of a terminal: xterm's Terminal has all of it. */
export interface TerminalLike {
  readonly cols: number;
  readonly rows: number;
  write(data: Uint8Array | string): void;
  onData(listener: (data: string) => void): { dispose(): void };
}

/** The part of a browser WebSocket the session uses (a fake in tests). */
export interface SocketLike {
  binaryType: BinaryType;
  readonly protocol: string;
  readonly readyState: number;
  send(data: Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

const OPEN = 1;

/**
 * The exec WebSocket of a shell: `ws(s)://<page host>{baseUrl}/k8s.{host}/…/pods/:pod/exec` with a
 * terminal (stdin and tty), the session cookie going along as for every same-origin call.
 */
export function execUrl(
  baseUrl: string,
  target: ContainerTarget,
  shell: ShellName,
  page: string = window.location.href,
): string {
  const query = new URLSearchParams({
    container: target.container,
    command: shell,
    tty: 'true',
    stdin: 'true',
  });
  const url = new URL(`${podStreamUrl(baseUrl, 'execPod', target)}?${query.toString()}`, page);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export interface ExecSession {
  resize(columns: number, rows: number): void;
  close(): void;
}

/**
 * Joins `terminal` to a shell in the container: keystrokes go to stdin (channel 0), output
 * (1, 2) to the terminal, the terminal's size to channel 4 on open and on every resize;
 * `onState` hears the connection's phases and, at the end, the close code, reason and status.
 */
export function openExecSession(
  url: string,
  terminal: TerminalLike,
  onState: (state: ShellState) => void,
  connect: SocketFactory = (address, protocols) => new WebSocket(address, protocols),
): ExecSession {
  const socket = connect(url, [...EXEC_PROTOCOLS]);
  socket.binaryType = 'arraybuffer';
  let opened = false;
  let status: ExecStatus | undefined;
  const send = (frame: Uint8Array<ArrayBuffer>) => {
    if (socket.readyState === OPEN) socket.send(frame);
  };
  const input = terminal.onData((data) => send(stdinFrame(data)));
  onState({ phase: 'connecting' });

  socket.onopen = () => {
    opened = true;
    onState({ phase: 'open', protocol: socket.protocol });
    send(resizeFrame(terminal.cols, terminal.rows));
  };
  socket.onmessage = (event: MessageEvent) => {
    // Binary frames only (binaryType arraybuffer); a text frame has no channel byte to read.
    if (typeof event.data === 'string') return;
    const message = decodeFrame(new Uint8Array(event.data as ArrayBuffer));
    if (message.kind === 'output') terminal.write(message.data);
    else if (message.kind === 'status') status = message.status;
  };
  socket.onclose = (event: CloseEvent) => {
    input.dispose();
    onState({
      phase: 'closed',
      opened,
      code: event.code,
      reason: event.reason,
      status,
      exitCode: status ? exitCodeOf(status) : undefined,
    });
  };

  return {
    resize: (columns, rows) => send(resizeFrame(columns, rows)),
    close: () => {
      if (socket.readyState <= OPEN) socket.close(1000, 'closed by the user');
    },
  };
}
