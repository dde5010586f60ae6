import { describe, expect, it } from 'vitest';
import { conditionsFor, decideClaims, registeredElsewhereMessage } from './member-claims.js';

const cluster = (name: string, uid: string, org: string) => ({
  metadata: {
    name,
    uid,
    resourceVersion: '1',
    creationTimestamp: '2030-01-01T00:00:00Z',
    labels: { 'nimbus.io/organization': org },
  },
});

describe('the MemberClaim condition as each viewer reads it', () => {
  const decisions = decideClaims([
    { cluster: cluster('b-prod', 'uid-b', 'acme'), memberId: 'ks-1' },
    { cluster: cluster('zz', 'uid-z', 'rivals'), memberId: 'ks-1' },
  ]);
  const stored = [
    { type: 'Ready', status: 'True' as const, reason: 'APIServerAnswered', message: 'ok' },
    { ...decisions.get('uid-z')?.condition, lastTransitionTime: '2030-01-01T00:00:00Z' },
  ] as Array<{ type: string; status: 'True' | 'False'; reason: string; message: string }>;

  it('names the other registration and its organization to system administrators', () => {
    const [, claim] = conditionsFor(stored, { sysAdmin: true });
    expect(claim).toMatchObject({ status: 'False', reason: 'RegisteredTwice' });
    expect(claim?.message).toContain('b-prod (organization acme)');
  });

  it('says only that the member is registered elsewhere to anyone else', () => {
    const seen = conditionsFor(stored, { sysAdmin: false });
    expect(seen[1]).toMatchObject({
      status: 'False',
      reason: 'RegisteredTwice',
      message: registeredElsewhereMessage,
    });
    expect(JSON.stringify(seen)).not.toMatch(/b-prod|acme/);
    expect(seen[0]).toEqual(stored[0]);
  });
});
