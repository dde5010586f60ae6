import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flowKey } from '../identity/session-key.js';
import { open, seal } from './pending-sign-in.js';

const pending = {
  provider: 'corp',
  providerUid: 'uid-1',
  state: 'state',
  nonce: 'nonce',
  verifier: 'verifier',
  redirectUri: 'https://nimbus.example/login/callback',
  expiresAt: 2_000,
};

describe('the sealed sign-in cookie', () => {
  const key = flowKey(randomBytes(32));

  it('opens what it sealed, until it expires', () => {
    const sealed = seal(key, pending);
    expect(sealed).not.toContain('verifier');
    expect(open(key, sealed, 1_000)).toEqual(pending);
    expect(open(key, sealed, 2_000)).toBeUndefined();
  });

  it('refuses another key and any change', () => {
    const sealed = seal(key, pending);
    expect(open(flowKey(randomBytes(32)), sealed, 1_000)).toBeUndefined();
    const [iv, tag, body = ''] = sealed.split('.');
    // The second-to-last character changes (its every bit is the body's): it was tested against
    // the last one, so a body whose second-to-last was already 'A' came back unchanged (1 in 64).
    const flipped = `${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.slice(-1)}`;
    expect(flipped).not.toBe(body);
    expect(open(key, [iv, tag, flipped].join('.'), 1_000)).toBeUndefined();
    expect(open(key, 'garbage', 1_000)).toBeUndefined();
  });
});
