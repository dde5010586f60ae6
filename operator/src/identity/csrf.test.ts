import { describe, expect, it } from 'vitest';
import type { CsrfInput } from './csrf.js';
import { csrfAllows, upgradeOriginAllows } from './csrf.js';

const base: CsrfInput = {
  method: 'POST',
  secFetchSite: 'same-origin',
  origin: 'http://console.example:8080',
  host: 'console.example:8080',
  source: 'authorization',
  hasRequestedWithHeader: false,
};

describe('CSRF rules', () => {
  it('lets reads through whatever their origin', () => {
    expect(
      csrfAllows({
        ...base,
        method: 'GET',
        secFetchSite: 'cross-site',
        origin: 'https://evil.example',
      }),
    ).toBe(true);
  });

  it('allows a same-origin write carrying the token header', () => {
    expect(csrfAllows(base)).toBe(true);
    expect(csrfAllows({ ...base, secFetchSite: undefined, origin: undefined })).toBe(true);
  });

  it('refuses a cross-site write even with a token', () => {
    expect(csrfAllows({ ...base, secFetchSite: 'cross-site' })).toBe(false);
  });

  it('refuses a write whose Origin is another host, or null', () => {
    expect(csrfAllows({ ...base, origin: 'https://evil.example' })).toBe(false);
    expect(csrfAllows({ ...base, origin: 'http://console.example:9090' })).toBe(false);
    expect(csrfAllows({ ...base, origin: 'null' })).toBe(false);
  });

  it('refuses a cookie-authenticated write without the custom header', () => {
    expect(csrfAllows({ ...base, source: 'cookie' })).toBe(false);
    expect(csrfAllows({ ...base, source: 'cookie', hasRequestedWithHeader: true })).toBe(true);
  });

  it('applies to anonymous writes such as login', () => {
    expect(csrfAllows({ ...base, source: 'none', secFetchSite: 'cross-site' })).toBe(false);
    expect(csrfAllows({ ...base, source: 'none' })).toBe(true);
  });

  it('exempts AK/SK-signed requests, which a browser cannot forge', () => {
    expect(
      csrfAllows({
        ...base,
        source: 'signature',
        secFetchSite: 'cross-site',
        origin: 'https://x.example',
      }),
    ).toBe(true);
  });
});

describe('WebSocket handshake origin', () => {
  const host = 'console.example:8080';

  it('lets a same-origin page open a socket with its cookie', () => {
    const input = { origin: 'http://console.example:8080', host, source: 'cookie' } as const;
    expect(upgradeOriginAllows(input)).toBe(true);
  });

  it('refuses a foreign page, whatever credential it carries', () => {
    for (const source of ['cookie', 'authorization', 'signature', 'none'] as const) {
      expect(upgradeOriginAllows({ origin: 'https://evil.example', host, source })).toBe(false);
    }
    expect(upgradeOriginAllows({ origin: 'null', host, source: 'cookie' })).toBe(false);
  });

  it('refuses a cookie without an Origin (every browser sends one) but not a token or signature', () => {
    expect(upgradeOriginAllows({ origin: undefined, host, source: 'cookie' })).toBe(false);
    expect(upgradeOriginAllows({ origin: undefined, host, source: 'authorization' })).toBe(true);
    expect(upgradeOriginAllows({ origin: undefined, host, source: 'signature' })).toBe(true);
  });
});
