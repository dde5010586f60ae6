import WebSocket from 'ws';

/** Messages waiting to be sent to one side before the other side is paused. */
const highWaterBytes = 1024 * 1024;

/** Close codes a peer may send (1005, 1006 and 1015 are only ever reported, never sent). */
function sendableCode(code: number): number {
  const sendable = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014);
  return sendable || (code >= 3000 && code <= 4999) ? code : 1000;
}

/** A close reason fits in a control frame (123 bytes). */
function shortReason(reason: Buffer | string): string {
  const text = reason.toString();
  return Buffer.byteLength(text) <= 123 ? text : Buffer.from(text).subarray(0, 120).toString();
}

function forward(from: WebSocket, to: WebSocket): void {
  from.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
    if (to.readyState !== WebSocket.OPEN) return;
    to.send(data, { binary: isBinary }, () => {
      if (to.bufferedAmount < highWaterBytes && from.isPaused) from.resume();
    });
    // A slow reader must not make the operator buffer a fast writer's whole output.
    if (to.bufferedAmount >= highWaterBytes) from.pause();
  });
  from.on('close', (code: number, reason: Buffer) => {
    if (to.readyState === WebSocket.OPEN || to.readyState === WebSocket.CONNECTING) {
      to.close(sendableCode(code), shortReason(reason));
    }
  });
  from.on('error', () => to.terminate());
}

/**
 * Joins the client's socket to the member's, frame for frame (the channel bytes are the member's
 * protocol, passed as is), with backpressure both ways; either side closing closes the other.
 */
export function relay(client: WebSocket, member: WebSocket): void {
  forward(client, member);
  forward(member, client);
}
