import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPrivateAddress, type Resolver } from './policy.js';

// Plain http under the `private-network` option (monitor endpoints): docs/decisions/monitoring.md.
const dns: Record<string, string[]> = {
  'prometheus.vpc.internal': ['10.20.0.5'],
  'mixed.example': ['10.20.0.6', '198.51.100.7'],
  'public.example': ['198.51.100.8'],
  'rebind.example': ['127.0.0.1'],
};
const resolve: Resolver = (host) =>
  dns[host] ? Promise.resolve(dns[host]) : Promise.reject(new Error('ENOTFOUND'));

async function check(url: string, allowHosts: string[] = []) {
  return checkOutboundUrl(url, { allowHosts }, resolve, { plainHttp: 'private-network' });
}

describe('plain http to monitors', () => {
  it.each([
    'http://10.1.2.3:9090',
    'http://172.20.0.1:9093',
    'http://192.168.1.10:9090/prometheus',
    'http://100.64.3.4:9090',
    'http://[fd12:3456::1]:9090',
    'http://prometheus.vpc.internal:9090',
  ])('is allowed to the private network address %s', async (url) => {
    expect(await check(url)).toMatchObject({ ok: true });
  });

  it.each([
    ['http://198.51.100.8:9090', 'only allowed to private network'],
    ['http://public.example:9090', 'only allowed to private network'],
    ['http://mixed.example:9090', '198.51.100.7'],
    ['http://127.0.0.1:9090', 'loopback'],
    ['http://localhost:9090', 'loopback'],
    ['http://rebind.example:9090', 'loopback'],
    ['http://169.254.169.254/latest', 'metadata'],
    ['http://100.100.100.200/latest', 'metadata'],
  ])('is refused for %s', async (url, reason) => {
    const result = await check(url);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it('reaches loopback only through the operator allow-list (the test bed)', async () => {
    expect(await check('http://127.0.0.1:16770', ['127.0.0.1:16770'])).toMatchObject({ ok: true });
    expect((await check('http://127.0.0.1:16771', ['127.0.0.1:16770'])).ok).toBe(false);
  });

  it('keeps https-only for everything else (member API servers)', async () => {
    const result = await checkOutboundUrl('http://10.1.2.3:6443', {}, resolve);
    expect(result.ok ? '' : result.reason).toContain('plain http is not allowed');
  });

  it('also passes https to public addresses', async () => {
    expect(await check('https://public.example')).toMatchObject({ ok: true });
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['10.0.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['100.127.0.1', true],
    ['8.8.8.8', false],
    ['127.0.0.1', false],
    ['fd00::1', true],
    ['2001:db8::1', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
