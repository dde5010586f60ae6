// The Kubernetes channel protocols of an exec stream (v4.channel.k8s.io, v5.channel.k8s.io): every
// binary frame starts with one byte naming its channel.

export const EXEC_PROTOCOLS = ['v5.channel.k8s.io', 'v4.channel.k8s.io'] as const;

const Channel = {
  stdin: 0,
  stdout: 1,
  stderr: 2,
  /** The command's final Status (JSON), then the member closes. */
  status: 3,
  /** Terminal size, JSON {"Width","Height"}, from the client. */
  resize: 4,
  /** v5 only: the next byte names a channel the sender closes. */
  close: 255,
} as const;

const encoder = new TextEncoder();

function frame(channel: number, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(payload.length + 1);
  bytes[0] = channel;
  bytes.set(payload, 1);
  return bytes;
}

/** Keystrokes or pasted text for the command's standard input. */
export function stdinFrame(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return frame(Channel.stdin, typeof data === 'string' ? encoder.encode(data) : data);
}

/** The terminal's new size, as kubectl sends it. */
export function resizeFrame(columns: number, rows: number): Uint8Array<ArrayBuffer> {
  const size = { Width: Math.max(1, Math.floor(columns)), Height: Math.max(1, Math.floor(rows)) };
  return frame(Channel.resize, encoder.encode(JSON.stringify(size)));
}

/** v5: standard input is finished (the command sees end of file). */
export function closeStdinFrame(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([Channel.close, Channel.stdin]);
}

export type ExecMessage =
  | { kind: 'output'; stream: 'stdout' | 'stderr'; data: Uint8Array }
  | { kind: 'status'; status: ExecStatus }
  | { kind: 'closed'; channel: number }
  | { kind: 'other'; channel: number };

/** The Status a command ends with (metav1.Status): Success, or Failure with a reason. */
export interface ExecStatus {
  status?: string;
  message?: string;
  reason?: string;
  details?: { causes?: Array<{ reason?: string; message?: string }> };
}

function parseStatus(payload: Uint8Array): ExecStatus {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as ExecStatus) : {};
  } catch {
    return { status: 'Failure', message: new TextDecoder().decode(payload) };
  }
}

/** What one frame from the member says; an empty frame is `other` channel -1. */
export function decodeFrame(data: ArrayBuffer | Uint8Array): ExecMessage {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length === 0) return { kind: 'other', channel: -1 };
  const channel = bytes[0] ?? -1;
  const payload = bytes.subarray(1);
  switch (channel) {
    case Channel.stdout:
      return { kind: 'output', stream: 'stdout', data: payload };
    case Channel.stderr:
      return { kind: 'output', stream: 'stderr', data: payload };
    case Channel.status:
      return { kind: 'status', status: parseStatus(payload) };
    case Channel.close:
      return { kind: 'closed', channel: payload[0] ?? -1 };
    default:
      return { kind: 'other', channel };
  }
}

/** The exit code a Failure status names (NonZeroExitCode's ExitCode cause), if any. */
export function exitCodeOf(status: ExecStatus): number | undefined {
  if (status.status === 'Success') return 0;
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  const code = cause?.message === undefined ? Number.NaN : Number(cause.message);
  return Number.isInteger(code) ? code : undefined;
}
