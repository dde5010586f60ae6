import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../testing/memory-store.js';
import type { RegistrationRecord } from './registration-tokens.js';
import {
  claimRegistrationToken,
  issueRegistrationToken,
  sweepRegistrationTokens,
} from './registration-tokens.js';

const now = Date.parse('2026-01-01T00:00:00Z');
const record: RegistrationRecord = {
  cluster: 'edge-1',
  organization: 'acme',
  organizationUid: 'org-uid',
  region: 'local',
  createdBy: 'alice',
  createdByUid: 'alice-uid',
  expiresAt: new Date(now + 3_600_000).toISOString(),
};

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (error: { entry?: { code: number } }) => error.entry?.code,
  );

describe('one-time registration tokens', () => {
  it('keeps only a digest of the token, and the record it was issued for', async () => {
    const store = createMemoryStore();
    const token = await issueRegistrationToken(store, record);
    const [secret] = [...store.secretRecords.values()];
    expect(JSON.stringify(secret)).not.toContain(token);
    expect(secret?.labels['nimbus.io/cluster-registration']).toBe('edge-1');
    const claim = await claimRegistrationToken(store, token, now);
    expect(claim.record).toEqual(record);
  });

  it('works once: a completed claim leaves nothing to claim again', async () => {
    const store = createMemoryStore();
    const token = await issueRegistrationToken(store, record);
    const claim = await claimRegistrationToken(store, token, now);
    await claim.complete();
    expect(await code(claimRegistrationToken(store, token, now))).toBe(1016);
  });

  it('lets one of two claims at once win, and a released token be claimed again', async () => {
    const store = createMemoryStore();
    const token = await issueRegistrationToken(store, record);
    const first = await claimRegistrationToken(store, token, now);
    expect(await code(claimRegistrationToken(store, token, now + 1_000))).toBe(1016);
    await first.release();
    expect((await claimRegistrationToken(store, token, now + 2_000)).record.cluster).toBe('edge-1');
  });

  it('refuses an expired token, an unknown one, and an earlier one for the same cluster', async () => {
    const store = createMemoryStore();
    const earlier = await issueRegistrationToken(store, record);
    const later = await issueRegistrationToken(store, record);
    expect(await code(claimRegistrationToken(store, earlier, now))).toBe(1016);
    expect(await code(claimRegistrationToken(store, 'guess', now))).toBe(1016);
    expect(await code(claimRegistrationToken(store, later, now + 3_600_000))).toBe(1016);
    expect(store.secretRecords.size).toBe(0);
  });

  it('sweeps expired tokens', async () => {
    const store = createMemoryStore();
    await issueRegistrationToken(store, record);
    await issueRegistrationToken(store, {
      ...record,
      cluster: 'edge-2',
      expiresAt: new Date(now).toISOString(),
    });
    expect(await sweepRegistrationTokens(store, now)).toBe(1);
    expect(store.secretRecords.size).toBe(1);
  });
});
