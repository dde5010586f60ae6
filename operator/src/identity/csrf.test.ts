import { describe, expect, it } from 'vitest';
import type { CsrfInput } from './csrf.js';
import { csrfAllows } from './csrf.js';

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
