import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from './endpoints/all.js';

/** Field names that hold a credential; no answer may declare one except where it is the point. */
const secretField =
  /^(password|verifyPassword|oldPassword|passwordHash|secret|secretKey|mfaSecret|credentials|kubeconfig|token)$/i;

/**
 * Answers that show a secret on purpose: the session token at login (with a password or through
 * an identity provider), a new AK/SK pair once.
 */
const shownOnPurpose: Record<string, readonly string[]> = {
  login: ['token'],
  finishSignIn: ['token'],
  updateUser: ['secretKey'],
};

function propertyNames(schema: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) propertyNames(item, out);
  } else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        for (const name of Object.keys(value)) out.add(name);
      }
      propertyNames(value, out);
    }
  }
  return out;
}

describe('declared answers', () => {
  it('carry no password, secret key, credentials or token beyond the two shown on purpose', () => {
    const found = Object.entries(endpoints).flatMap(([id, declared]) => {
      if (declared.response.kind !== 'json') return [];
      const schema = z.toJSONSchema(declared.response.schema, {
        io: 'output',
        unrepresentable: 'any',
      });
      const allowed = shownOnPurpose[id] ?? [];
      return [...propertyNames(schema)]
        .filter((name) => secretField.test(name) && !allowed.includes(name))
        .map((name) => `${id}.${name}`);
    });
    expect(found).toEqual([]);
  });

  it('still show the AK/SK pair on reset and the session token at login', () => {
    const names = (id: keyof typeof endpoints) => {
      const declared = endpoints[id];
      if (declared.response.kind !== 'json') return new Set<string>();
      return propertyNames(z.toJSONSchema(declared.response.schema, { io: 'output' }));
    };
    expect(names('updateUser').has('secretKey')).toBe(true);
    expect(names('login').has('token')).toBe(true);
  });
});
