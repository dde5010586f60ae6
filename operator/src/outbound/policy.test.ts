import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, refusedAddressReason, type Resolver } from './policy.js';

const noDns: Resolver = (host) => Promise.reject(new Error(`unexpected lookup of ${host}`));

function resolvingTo(records: Record<string, string[]>): Resolver {
  return (host) => {
    const addresses = records[host];
    return addresses ? Promise.resolve(addresses) : Promise.reject(new Error('ENOTFOUND'));
  };
}

async function reasonFor(url: string, allowHosts: string[] = [], resolve = noDns): Promise<string> {
  const result = await checkOutboundUrl(url, { allowHosts }, resolve);
  if (result.ok) throw new Error(`expected ${url} to be refused`);
  return result.reason;
}

describe('checkOutboundUrl refuses', () => {
  it.each([
    ['loopback', 'https://127.0.0.1:6443', 'loopback'],
    ['loopback elsewhere in 127/8', 'https://127.8.9.10', 'loopback'],
    ['IPv6 loopback', 'https://[::1]:6443', 'loopback'],
    ['unspecified IPv4', 'https://0.0.0.0', 'unspecified'],
    ['unspecified IPv6', 'https://[::]', 'unspecified'],
    ['IPv4 link-local', 'https://169.254.10.1', 'link-local'],
    ['IPv6 link-local', 'https://[fe80::1]', 'link-local'],
    ['AWS/GCP/Azure metadata', 'https://169.254.169.254/latest/meta-data', 'metadata'],
    ['AWS IPv6 metadata', 'https://[fd00:ec2::254]', 'metadata'],
    ['Alibaba metadata', 'https://100.100.100.200/latest', 'metadata'],
    ['decimal IPv4', 'https://2130706433', 'loopback'],
    ['hex IPv4', 'https://0x7f.0.0.1', 'loopback'],
    ['octal IPv4', 'https://0177.0.0.1', 'loopback'],
    ['short IPv4', 'https://127.1', 'loopback'],
    ['decimal metadata', 'https://2852039166', 'metadata'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]', 'loopback'],
    ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]', 'metadata'],
    ['IPv4-mapped hex form', 'https://[::ffff:a9fe:a9fe]', 'metadata'],
    ['NAT64 metadata', 'https://[64:ff9b::169.254.169.254]', 'metadata'],
    ['multicast', 'https://224.0.0.1', 'multicast'],
  ])('%s', async (_name, url, expected) => {
    expect(await reasonFor(url)).toContain(expected);
  });

  it.each([
    ['metadata.google.internal', 'https://metadata.google.internal/computeMetadata/v1'],
    ['with a trailing dot and capitals', 'https://METADATA.google.internal./'],
  ])('the GCP metadata host name %s without resolving it', async (_name, url) => {
    expect(await reasonFor(url)).toContain('metadata service');
  });

  it('localhost names without resolving them', async () => {
    expect(await reasonFor('https://localhost:6443')).toContain('loopback');
    expect(await reasonFor('https://api.localhost')).toContain('loopback');
  });

  it('user info in the URL and does not echo it', async () => {
    const reason = await reasonFor('https://admin:s3cret-canary@10.0.0.1');
    expect(reason).toContain('user name or password');
    expect(reason).not.toContain('s3cret-canary');
    expect(await reasonFor('https://token-canary@10.0.0.1')).not.toContain('token-canary');
  });

  it('plain http to a host that is not allow-listed', async () => {
    expect(await reasonFor('http://10.0.0.5:8080')).toContain('plain http');
  });

  it.each(['file:///etc/passwd', 'ftp://10.0.0.1/x', 'gopher://10.0.0.1', 'javascript:alert(1)'])(
    'the scheme of %s',
    async (url) => {
      expect(await reasonFor(url)).toContain('not allowed');
    },
  );

  it('strings that are not absolute URLs', async () => {
    expect(await reasonFor('10.0.0.1:6443/api')).toMatch(/scheme|valid/);
    expect(await reasonFor('not a url')).toContain('not a valid');
  });

  it('a host name resolving to loopback (DNS rebinding)', async () => {
    const resolve = resolvingTo({ 'rebind.example.com': ['203.0.113.7', '127.0.0.1'] });
    const reason = await reasonFor('https://rebind.example.com', [], resolve);
    expect(reason).toBe(
      'host "rebind.example.com" resolves to 127.0.0.1, which is a loopback address',
    );
  });

  it('a host name resolving to the metadata address, also as IPv4-mapped IPv6', async () => {
    const resolve = resolvingTo({
      'a.example.com': ['169.254.169.254'],
      'b.example.com': ['2001:db8::1', '::ffff:169.254.169.254'],
    });
    expect(await reasonFor('https://a.example.com', [], resolve)).toContain('metadata');
    expect(await reasonFor('https://b.example.com', [], resolve)).toContain('metadata');
  });

  it('host names that do not resolve or resolve to nothing usable', async () => {
    const resolve = resolvingTo({ 'empty.example.com': [], 'junk.example.com': ['nonsense'] });
    expect(await reasonFor('https://missing.example.com', [], resolve)).toContain('resolved');
    expect(await reasonFor('https://empty.example.com', [], resolve)).toContain('no address');
    expect(await reasonFor('https://junk.example.com', [], resolve)).toContain('invalid');
  });
});

describe('checkOutboundUrl allows', () => {
  it.each([
    ['10/8', 'https://10.1.2.3:6443', '10.1.2.3'],
    ['172.16/12', 'https://172.31.255.1', '172.31.255.1'],
    ['192.168/16', 'https://192.168.0.10:6443', '192.168.0.10'],
    ['fc00::/7', 'https://[fd12:3456::1]:6443', 'fd12:3456::1'],
    ['CGNAT next to the Alibaba metadata address', 'https://100.100.100.201', '100.100.100.201'],
    ['public IPv4', 'https://203.0.113.10:443/prefix', '203.0.113.10'],
    ['public IPv6', 'https://[2001:db8::10]', '2001:db8::10'],
  ])('%s addresses', async (_name, url, address) => {
    const result = await checkOutboundUrl(url, {}, noDns);
    expect(result).toMatchObject({ ok: true, addresses: [address] });
  });

  it('a public host name and returns every resolved address for pinning', async () => {
    const resolve = resolvingTo({ 'api.example.com': ['203.0.113.1', '2001:db8::1'] });
    const result = await checkOutboundUrl('https://api.example.com:6443', {}, resolve);
    expect(result.ok && result.url.host).toBe('api.example.com:6443');
    expect(result).toMatchObject({ ok: true, addresses: ['203.0.113.1', '2001:db8::1'] });
  });

  it('a loopback host only when it is allow-listed, including plain http', async () => {
    const policy = { allowHosts: ['127.0.0.1:32766'] };
    expect(await checkOutboundUrl('https://127.0.0.1:32766', policy, noDns)).toMatchObject({
      ok: true,
      addresses: ['127.0.0.1'],
    });
    expect(await checkOutboundUrl('http://127.0.0.1:32766', policy, noDns)).toMatchObject({
      ok: true,
    });
    expect(await reasonFor('https://127.0.0.1:32767', policy.allowHosts)).toContain('loopback');
    expect(await reasonFor('https://127.0.0.2:32766', policy.allowHosts)).toContain('loopback');
    expect(await reasonFor('https://127.0.0.1:32766')).toContain('loopback');
  });

  it('an allow-list entry without a port for every port, in any numeric spelling', async () => {
    const policy = { allowHosts: ['2130706433', '[::1]'] };
    expect((await checkOutboundUrl('https://127.0.0.1:1', policy, noDns)).ok).toBe(true);
    expect((await checkOutboundUrl('https://0x7f000001', policy, noDns)).ok).toBe(true);
    expect((await checkOutboundUrl('https://[::1]:6443', policy, noDns)).ok).toBe(true);
  });

  it('an allow-listed host name even when it resolves to loopback', async () => {
    const resolve = resolvingTo({ localhost: ['127.0.0.1', '::1'] });
    const result = await checkOutboundUrl(
      'https://localhost:6443',
      { allowHosts: ['localhost'] },
      resolve,
    );
    expect(result).toMatchObject({ ok: true, addresses: ['127.0.0.1', '::1'] });
  });
});

describe('refusedAddressReason', () => {
  it('accepts private and public addresses and refuses metadata ones', () => {
    expect(refusedAddressReason('10.0.0.1')).toBeUndefined();
    expect(refusedAddressReason('8.8.8.8')).toBeUndefined();
    expect(refusedAddressReason('fd00::1')).toBeUndefined();
    expect(refusedAddressReason('169.254.169.254')).toBe('is a cloud metadata address');
    expect(refusedAddressReason('::ffff:100.100.100.200')).toContain('Alibaba');
    expect(refusedAddressReason('example.com')).toBe('is not an IP address');
  });
});
