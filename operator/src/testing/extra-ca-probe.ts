// Run in a child process by extra-ca.test.ts, whose environment decides NODE_EXTRA_CA_CERTS (Node
// reads it once at start-up): calls argv[2] over the member transport of a connection without a
// CA of its own, and with plain fetch (the vendor API clients), and prints what each got.
import { createMemberTransport } from '../member/transport/transport.js';

const url = process.argv[2] ?? '';

async function outcome(call: () => Promise<number>): Promise<string> {
  try {
    return `status ${String(await call())}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return `failed ${cause?.code ?? (error instanceof Error ? error.message : String(error))}`;
  }
}

const transport = createMemberTransport({ server: url, auth: { token: 'probe' } }, ['127.0.0.1']);
const member = await outcome(
  async () => (await transport.request('operator', { path: '/version' })).status,
);
transport.close();
const vendor = await outcome(async () => (await fetch(`${url}/version`)).status);
process.stdout.write(JSON.stringify({ member, vendor }));
