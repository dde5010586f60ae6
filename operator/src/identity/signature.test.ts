import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../testing/memory-store.js';
import { NonceRegistry } from './nonces.js';
import type { SignedParts } from './signature.js';
import {
  canonicalHeaders,
  computeSignature,
  freshnessProblem,
  repeatedQueryKey,
  signatureMatches,
  sortedQuery,
  stringToSign,
} from './signature.js';

const secretKey = 'c2VjcmV0LWtleS1mb3ItdGVzdHMtb25seS0wMTIzNDU2';
const parts: SignedParts = {
  method: 'PUT',
  path: '/api/v1/iam.nimbus.io/users',
  query: 'b=2&a=1&a=0&name=jane%20doe',
  timestamp: '1795291821',
  nonce: 'n0nce-0123456789abcdef',
  contentType: 'application/json',
  headers: {
    'x-nimbus-access-key': 'NIMBUSTEST',
    'x-nimbus-timestamp': '1795291821',
    'x-nimbus-nonce': 'n0nce-0123456789abcdef',
    'x-nimbus-organization': 'acme',
    'x-nimbus-signature': 'not signed',
    accept: 'application/json',
  },
  body: Buffer.from('{"userName":"jane"}'),
};

describe('sortedQuery', () => {
  it('sorts by name then value and re-encodes per RFC 3986', () => {
    expect(sortedQuery('b=2&a=1&a=0&name=jane%20doe')).toBe('a=0&a=1&b=2&name=jane%20doe');
    expect(sortedQuery('q=a+b&x=%21')).toBe('q=a%20b&x=%21');
    expect(sortedQuery('')).toBe('');
  });
});

describe('repeatedQueryKey', () => {
  it('names the first repeated parameter, decoded', () => {
    expect(repeatedQueryKey('a=1&b=2')).toBeUndefined();
    expect(repeatedQueryKey('a=1&b=2&a=3')).toBe('a');
    expect(repeatedQueryKey('%61=1&a=2')).toBe('a');
    expect(repeatedQueryKey('')).toBeUndefined();
  });
});

describe('canonicalHeaders', () => {
  it('keeps the X-Nimbus-* headers but the signature, lower-cased, sorted and trimmed', () => {
    expect(
      canonicalHeaders({ 'X-Nimbus-User-Name': ' bob ', Accept: '*/*', 'x-nimbus-a': '1' }),
    ).toEqual(['x-nimbus-a:1', 'x-nimbus-user-name:bob']);
  });
});

describe('request signatures', () => {
  const signature = computeSignature(secretKey, parts);

  it('signs method, path, sorted query, timestamp, nonce, content type, X-Nimbus-* headers and the body hash', () => {
    expect(stringToSign(parts).split('\n')).toEqual([
      'PUT',
      '/api/v1/iam.nimbus.io/users',
      'a=0&a=1&b=2&name=jane%20doe',
      '1795291821',
      'n0nce-0123456789abcdef',
      'application/json',
      'x-nimbus-access-key:NIMBUSTEST',
      'x-nimbus-nonce:n0nce-0123456789abcdef',
      'x-nimbus-organization:acme',
      'x-nimbus-timestamp:1795291821',
      // sha256 of {"userName":"jane"}
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches(secretKey, parts, signature)).toBe(true);
  });

  it('is independent of the query order the client used and of other headers', () => {
    expect(
      signatureMatches(secretKey, { ...parts, query: 'name=jane%20doe&a=0&b=2&a=1' }, signature),
    ).toBe(true);
    const headers = { ...parts.headers, accept: '*/*', 'user-agent': 'curl' };
    expect(signatureMatches(secretKey, { ...parts, headers }, signature)).toBe(true);
  });

  it.each([
    ['body', { body: Buffer.from('{"userName":"mallory"}') }],
    ['query', { query: 'a=1&b=2' }],
    ['path', { path: '/api/v1/iam.nimbus.io/roles' }],
    ['method', { method: 'DELETE' }],
    ['timestamp', { timestamp: '1795291822' }],
    ['nonce', { nonce: 'n0nce-0123456789abcdeg' }],
    ['content type', { contentType: 'text/plain' }],
    ['organization header', { headers: { ...parts.headers, 'x-nimbus-organization': 'globex' } }],
    ['added X-Nimbus-* header', { headers: { ...parts.headers, 'x-nimbus-user-name': 'bob' } }],
    ['removed X-Nimbus-* header', { headers: { 'x-nimbus-access-key': 'NIMBUSTEST' } }],
  ])('fails when the %s was tampered with', (_name, change) => {
    expect(signatureMatches(secretKey, { ...parts, ...change }, signature)).toBe(false);
  });

  it('fails with another secret key and for malformed signatures', () => {
    expect(signatureMatches(`${secretKey}x`, parts, signature)).toBe(false);
    expect(signatureMatches(secretKey, parts, 'zz')).toBe(false);
    expect(signatureMatches(secretKey, parts, signature.toUpperCase())).toBe(false);
  });
});

describe('the worked example of docs/open-api.md', () => {
  it('gives the documented signature', () => {
    const example: SignedParts = {
      method: 'PUT',
      path: '/api/v1/iam.nimbus.io/users',
      query: 'view=full&page=2',
      timestamp: '1767225600',
      nonce: '4f1c2a9be07d43a8b6e5d1c0a9f8e7d6',
      contentType: 'application/json',
      headers: {
        'X-Nimbus-Access-Key': 'NIMBUSEXAMPLE7Q2KX9ZL4MB',
        'X-Nimbus-Timestamp': '1767225600',
        'X-Nimbus-Nonce': '4f1c2a9be07d43a8b6e5d1c0a9f8e7d6',
        'X-Nimbus-Organization': 'acme',
      },
      body: Buffer.from('{"userName":"jane","updateType":"general","name":"Jane Doe"}'),
    };
    expect(stringToSign(example).split('\n')[10]).toBe(
      '31bed2f54989fbf194adf1d69ae8cb4ffc9d469b822e9237b9d65495797f1c57',
    );
    expect(computeSignature('q3vX9mJk2LrT8wYbN5cZ1dF7gH4sA6pE0uQiWoEyRtUx', example)).toBe(
      'bee828c8a4e4c3333c78934b1d8d0d2cad5178f714c3ae68ba4f9fdab9120b6d',
    );
  });
});

describe('freshness', () => {
  const now = 1_795_291_821;
  it('accepts a timestamp up to 300 s off either way', () => {
    expect(freshnessProblem(String(now - 300), parts.nonce, now)).toBeUndefined();
    expect(freshnessProblem(String(now + 300), parts.nonce, now)).toBeUndefined();
  });

  it('refuses a timestamp more than 300 s off, malformed timestamps and nonces', () => {
    expect(freshnessProblem(String(now - 301), parts.nonce, now)).toMatch(/300 seconds/);
    expect(freshnessProblem(String(now + 301), parts.nonce, now)).toMatch(/300 seconds/);
    expect(freshnessProblem('soon', parts.nonce, now)).toMatch(/unix seconds/);
    expect(freshnessProblem(String(now), 'short', now)).toMatch(/nonce/);
  });
});

describe('NonceRegistry', () => {
  it('accepts a nonce once per access key; a replay is refused', async () => {
    const registry = new NonceRegistry(createMemoryStore().leases);
    expect(await registry.claim('AK1', parts.nonce, 100)).toBe(true);
    expect(await registry.claim('AK1', parts.nonce, 100)).toBe(false);
    expect(await registry.claim('AK2', parts.nonce, 100)).toBe(true);
  });
});
