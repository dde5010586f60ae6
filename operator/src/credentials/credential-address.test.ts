import { describe, expect, it } from 'vitest';
import { registryAddress } from '@nimbus/api/shared';
import { createMemoryStore } from '../testing/memory-store.js';
import {
  assertKeptAddress,
  boundTo,
  credentialFits,
  credentialsDecision,
  reviewStoredCredentials,
} from './credential-address.js';

const here = registryAddress({ host: 'registry.example.com' });
const there = registryAddress({ host: 'attacker.example' });
const stored = { data: boundTo({ credentials: '{"password":"p"}' }, here) };

describe('a stored credential and its address', () => {
  it('fits the address it was given for only (an unbound one fits where its object points)', () => {
    expect(credentialFits(stored, here)).toBe(true);
    expect(credentialFits(stored, there)).toBe(false);
    expect(credentialFits({ data: { credentials: '{}' } }, there)).toBe(true);
  });

  it('is kept by the API at its address, and refused elsewhere naming what moved', () => {
    expect(() =>
      assertKeptAddress({ field: 'credentials', secret: stored, current: here, requested: here }),
    ).not.toThrow();
    expect(() =>
      assertKeptAddress({ field: 'credentials', secret: stored, current: here, requested: there }),
    ).toThrow(
      expect.objectContaining({
        entry: expect.objectContaining({ code: 1014 }),
        message: expect.stringMatching(/^credentials: give the credentials again: host changed/),
        details: [expect.objectContaining({ path: 'credentials' })],
      }),
    );
    // An unbound credential belongs to the address its object names now.
    const unbound = { data: { credentials: '{}' } };
    expect(() =>
      assertKeptAddress({ field: 'credentials', secret: unbound, current: here, requested: there }),
    ).toThrow(expect.objectContaining({ entry: expect.objectContaining({ code: 1014 }) }));
  });

  it('sets the Credentials condition, warning while the address moved', () => {
    expect(credentialsDecision(stored, here, true)).toMatchObject({
      condition: { type: 'Credentials', status: 'True', reason: 'AddressMatches' },
      events: [],
    });
    expect(credentialsDecision(undefined, there, false).condition).toMatchObject({
      status: 'True',
      reason: 'NoneStored',
    });
    const moved = credentialsDecision(stored, there, true);
    expect(moved.condition).toMatchObject({ status: 'False', reason: 'AddressChanged' });
    expect(moved.condition.message).toMatch(/^host changed/);
    expect(moved.events).toMatchObject([{ type: 'Warning', reason: 'CredentialsNotUsed' }]);
  });

  it('binds an unbound Secret to the address its object names when first reviewed', async () => {
    const store = createMemoryStore();
    const secret = await store.secrets.create({
      name: 'creds',
      data: { credentials: '{"password":"p"}' },
    });
    await reviewStoredCredentials(store.secrets, secret, here, true);
    const bound = await store.secrets.get('creds');
    expect(bound?.data).toEqual(boundTo({ credentials: '{"password":"p"}' }, here));
    expect(
      (await reviewStoredCredentials(store.secrets, bound, there, true)).condition.status,
    ).toBe('False');
  });
});
