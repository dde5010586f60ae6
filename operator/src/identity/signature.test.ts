import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../testing/memory-store.js';
import { NonceRegistry } from './nonces.js';
import type { SignedParts } from './signature.js';
import {
  computeSignature,
  freshnessProblem,
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
  body: Buffer.from('{"userName":"jane"}'),
};

describe('sortedQuery', () => {
  it('sorts by name then value and re-encodes per RFC 3986', () => {
    expect(sortedQuery('b=2&a=1&a=0&name=jane%20doe')).toBe('a=0&a=1&b=2&name=jane%20doe');
    expect(sortedQuery('q=a+b&x=%21')).toBe('q=a%20b&x=%21');
    expect(sortedQuery('')).toBe('');
  });
});

describe('request signatures', () => {
  const signature = computeSignature(secretKey, parts);

  it('signs method, path, sorted query, timestamp, nonce and the body hash', () => {
    expect(stringToSign(parts).split('\n')).toEqual([
      'PUT',
      '/api/v1/iam.nimbus.io/users',
      'a=0&a=1&b=2&name=jane%20doe',
      '1795291821',
      'n0nce-0123456789abcdef',
      // sha256 of {"userName":"jane"}
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches(secretKey, parts, signature)).toBe(true);
  });

  it('is independent of the query order the client used', () => {
    expect(
      signatureMatches(secretKey, { ...parts, query: 'name=jane%20doe&a=0&b=2&a=1' }, signature),
    ).toBe(true);
  });

  it.each([
    ['body', { body: Buffer.from('{"userName":"mallory"}') }],
    ['query', { query: 'a=1&b=2' }],
    ['path', { path: '/api/v1/iam.nimbus.io/roles' }],
    ['method', { method: 'DELETE' }],
    ['timestamp', { timestamp: '1795291822' }],
    ['nonce', { nonce: 'n0nce-0123456789abcdeg' }],
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
      query: 'view=full&a=2&a=1',
      timestamp: '1767225600',
      nonce: '4f1c2a9be07d43a8b6e5d1c0a9f8e7d6',
      body: Buffer.from('{"userName":"jane","updateType":"general","name":"Jane Doe"}'),
    };
    expect(stringToSign(example).split('\n')[5]).toBe(
      '31bed2f54989fbf194adf1d69ae8cb4ffc9d469b822e9237b9d65495797f1c57',
    );
    expect(computeSignature('q3vX9mJk2LrT8wYbN5cZ1dF7gH4sA6pE0uQiWoEyRtUx', example)).toBe(
      'c7872b0ebc1a69059f6ff4282fdd94e55bb2424aef2a9d392e6b547a29538168',
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
