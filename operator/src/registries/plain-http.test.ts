import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure as failure } from '../testing/api-failure.js';
import { startRegistryFake, type RegistryFake } from '../testing/fakes/registry-fake.js';
import { OciClient } from './oci-distribution.js';
import type { RegistryHttpSettings } from './registry-http.js';

// A registry without TLS (Docker's "insecure registry") is reached over plain http only when its
// Registry says so; otherwise the TLS failure says what to do (docs/decisions/image-registries.md).

const login = { username: 'puller', password: 'pull-pw' };
const settings: RegistryHttpSettings = { policy: { allowHosts: ['127.0.0.1'] }, timeoutMs: 5_000 };

let registry: RegistryFake;

beforeEach(async () => {
  registry = await startRegistryFake({
    plainHttp: true,
    accepts: (user, password) => user === login.username && password === login.password,
    repositories: { 'team/web': { '1.0': '2026-01-02T03:04:05Z' } },
  });
});

afterEach(() => registry.close());

describe('a registry that serves plain http', () => {
  it('is browsed over http, token service included, when the registry says plainHttp', async () => {
    const client = new OciClient({ host: registry.host, login, plainHttp: true }, settings);
    await client.ping();
    expect(await client.catalog()).toEqual(['team/web']);
    expect(await client.tags('team/web')).toEqual(['1.0']);
    expect(registry.logins).toContain('puller');
  });

  it('over https it fails with a reason that says to turn on plain HTTP, not a bare EPROTO', async () => {
    const client = new OciClient({ host: registry.host, login }, settings);
    const error = await failure(client.ping());
    expect(error.entry.code).toBe(2003);
    expect(error.message).toContain('does not answer in TLS');
    expect(error.message).toContain('turn on plain HTTP');
    expect(registry.logins).toEqual([]);
  });

  it('plain http to a public address is refused before any connection', async () => {
    const publicHost = 'registry.example.com';
    const client = new OciClient(
      { host: publicHost, login, plainHttp: true },
      { policy: {}, timeoutMs: 5_000, resolve: () => Promise.resolve(['93.184.216.34']) },
    );
    const error = await failure(client.ping());
    expect(error.entry.code).toBe(2003);
    expect(error.message).toContain('plain http is only allowed to private network addresses');
  });

  it('plain http to a private network address passes the policy without an allow-list', async () => {
    // The name resolves to a 10.x address for the check and the socket is pinned to it. What
    // happens there depends on this machine's network (nothing, or a gateway answering), so the
    // test only asks that the policy did not refuse the address, as it does a public one.
    const client = new OciClient(
      { host: 'harbor.internal:5000', plainHttp: true },
      { policy: {}, timeoutMs: 300, resolve: () => Promise.resolve(['10.255.255.1']) },
    );
    const outcome = await client.ping().then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).not.toContain('the address is refused');
  });
});
