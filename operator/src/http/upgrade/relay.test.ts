import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { relay } from './relay.js';

const servers: http.Server[] = [];
const sockets: WebSocket[] = [];

afterEach(async () => {
  // Upgraded sockets leave the HTTP server's books: they are ended here, then the servers.
  for (const socket of sockets.splice(0)) socket.terminate();
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A loopback WebSocket pair: the server side and a connected client. */
async function pair(): Promise<{ near: WebSocket; far: WebSocket }> {
  const server = http.createServer();
  servers.push(server);
  const wss = new WebSocketServer({ server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const far = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((resolve) => far.once('open', resolve));
  const near = await accepted;
  sockets.push(near, far);
  return { near, far };
}

const nextMessage = (socket: WebSocket) =>
  new Promise<{ data: Buffer; binary: boolean }>((resolve) =>
    socket.once('message', (data: Buffer, binary: boolean) => resolve({ data, binary })),
  );
const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code: number, reason: Buffer) =>
      resolve({ code, reason: reason.toString() }),
    ),
  );

describe('relaying a stream between the console and a member', () => {
  it('passes frames both ways unchanged, binary as binary', async () => {
    const console = await pair();
    const member = await pair();
    relay(console.near, member.far);
    const toMember = nextMessage(member.near);
    console.far.send(Buffer.from([0, 0x68, 0x69]));
    expect(await toMember).toEqual({ data: Buffer.from([0, 0x68, 0x69]), binary: true });
    const toConsole = nextMessage(console.far);
    member.near.send('status');
    const back = await toConsole;
    expect(back.binary).toBe(false);
    expect(back.data.toString()).toBe('status');
  });

  it("closes the console's side with the member's code and reason", async () => {
    const console = await pair();
    const member = await pair();
    relay(console.near, member.far);
    const seen = closed(console.far);
    member.near.close(4000, 'exit');
    expect(await seen).toEqual({ code: 4000, reason: 'exit' });
  });

  it("closes the member's side when the console goes away abruptly", async () => {
    const console = await pair();
    const member = await pair();
    relay(console.near, member.far);
    const seen = closed(member.near);
    console.far.terminate();
    // 1006 (abnormal) is only ever reported, never sent: the member is told 1000.
    expect((await seen).code).toBe(1000);
  });
});
