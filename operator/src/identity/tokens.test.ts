import { createHmac, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.js';

const key = randomBytes(32);
const subject = { userName: 'alice', userId: 'uid-1', sessionId: 'sid-1' };
const inAnHour = () => new Date(Date.now() + 3600_000);

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens', () => {
  it('round-trips the claims', () => {
    const { token } = signToken(key, subject, inAnHour());
    expect(verifyToken(key, token)).toMatchObject({ sub: 'alice', uid: 'uid-1', jti: 'sid-1' });
    expect(verifyToken(key, token)?.mcp).toBeUndefined();
  });

  it('carries the must-change-password flag', () => {
    const { token } = signToken(key, { ...subject, mustChangePassword: true }, inAnHour());
    expect(verifyToken(key, token)?.mcp).toBe(true);
  });

  it('refuses an expired token', () => {
    const { token } = signToken(key, subject, new Date(Date.now() + 1000));
    expect(verifyToken(key, token, new Date(Date.now() + 5000))).toBeUndefined();
  });

  it('refuses a token signed with another key', () => {
    const { token } = signToken(randomBytes(32), subject, inAnHour());
    expect(verifyToken(key, token)).toBeUndefined();
  });

  it('refuses alg=none', () => {
    const claims = {
      sub: 'alice',
      uid: 'uid-1',
      jti: 'sid-1',
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    expect(verifyToken(key, unsigned)).toBeUndefined();
  });

  it('refuses a payload changed after signing', () => {
    const { token } = signToken(key, subject, inAnHour());
    const [header, , signature] = token.split('.');
    const forged = `${header}.${b64url({ sub: 'admin', uid: 'uid-1', jti: 'sid-1', exp: 9e9 })}.${signature}`;
    expect(verifyToken(key, forged)).toBeUndefined();
  });

  it('refuses other HMAC algorithms even with the right key', () => {
    const claims = { sub: 'alice', uid: 'uid-1', jti: 'sid-1' };
    const hs512 = jwt.sign(claims, key, { algorithm: 'HS512', expiresIn: 3600 });
    expect(verifyToken(key, hs512)).toBeUndefined();
  });

  it('refuses a correctly signed token missing the session claims', () => {
    const header = b64url({ alg: 'HS256', typ: 'JWT' });
    const payload = b64url({ sub: 'alice', exp: Math.floor(Date.now() / 1000) + 3600 });
    const signature = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
    expect(verifyToken(key, `${header}.${payload}.${signature}`)).toBeUndefined();
  });
});
