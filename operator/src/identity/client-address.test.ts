import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../testing/http.js';
import { serve } from '../testing/http.js';
import { captureLogs } from '../testing/logs.js';
import { forwardedOf } from '../http/request-address.js';
import { addressGroup, UntrustedForwardingNotice } from './client-address.js';

describe('addressGroup', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7109', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:7', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.9', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('throttles %s as %s', (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it('keeps different /64 networks apart', () => {
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
  });
});

describe('UntrustedForwardingNotice', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(trustProxy: boolean | number, now: () => number) {
    const logs = captureLogs();
    const notice = new UntrustedForwardingNotice(logs.logger, now);
    const app = express();
    app.set('trust proxy', trustProxy);
    app.get('/', (req, res) => {
      notice.check(forwardedOf(req));
      res.json({ ip: req.ip });
    });
    server = await serve(app);
    const url = server.url;
    const call = (headers: Record<string, string> = {}) => fetch(url, { headers });
    const warnings = () =>
      logs.entries().filter((entry) => entry.level === 40 || entry.level === 'warn');
    return { call, warnings };
  }

  it('warns once per peer when X-Forwarded-* comes from a peer that is not trusted', async () => {
    let now = 0;
    const { call, warnings } = await start(false, () => now);
    await call();
    expect(warnings()).toEqual([]);
    await call({ 'X-Forwarded-For': '198.51.100.7' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ headers: ['x-forwarded-for'] });
    expect(String(warnings()[0]?.msg)).toContain('NIMBUS_TRUST_PROXY');
    now += 3_600_000;
    await call({ 'X-Forwarded-Proto': 'https' });
    expect(warnings()).toHaveLength(1);
  });

  it('warns about further peers at most once a minute', () => {
    let now = 0;
    const logs = captureLogs();
    const notice = new UntrustedForwardingNotice(logs.logger, () => now);
    const from = (peer: string) => ({
      headers: { 'x-forwarded-for': '198.51.100.7' },
      peer,
      peerTrusted: false,
    });
    const warned = () => logs.entries().map((entry) => entry.peer);
    notice.check(from('10.0.0.1'));
    notice.check(from('10.0.0.2'));
    expect(warned()).toEqual(['10.0.0.1']);
    now += 60_000;
    notice.check(from('10.0.0.1'));
    notice.check(from('10.0.0.2'));
    expect(warned()).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('says nothing when the peer is a trusted proxy', async () => {
    const { call, warnings } = await start(1, () => 0);
    await call({ 'X-Forwarded-For': '198.51.100.7', 'X-Forwarded-Proto': 'https' });
    expect(warnings()).toEqual([]);
  });
});
