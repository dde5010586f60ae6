import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import {
  acceptInvitation,
  hashInvitationCode,
  maxOpenInvitations,
  newInvitationCode,
  withInvitation,
} from './invitation-codes.js';
import { joinBody } from '@nimbus/api';
import { parseRequest } from '../core/problems.js';

const now = new Date('2030-01-10T00:00:00Z');
const later = '2030-01-17T00:00:00.000Z';
const earlier = '2030-01-09T00:00:00.000Z';

function failure(run: () => unknown): { code: number; message: string; data: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) {
      return { code: error.entry.code, message: error.message, data: error.details };
    }
    throw error;
  }
  throw new Error('expected a failure');
}

describe('join body', () => {
  it('trims every field', () => {
    const body = { inviter: ' alice\t', invitationCode: ' c0de ', invitee: ' bob ' };
    expect(parseRequest(joinBody, body)).toEqual({
      inviter: 'alice',
      invitationCode: 'c0de',
      invitee: 'bob',
    });
  });

  it('says Required for each missing or blank field, by name', () => {
    const problem = failure(() => parseRequest(joinBody, { inviter: '  ' }));
    expect(problem.code).toBe(1000);
    expect(problem.data).toEqual([
      { path: 'inviter', message: 'Required' },
      { path: 'invitationCode', message: 'Required' },
      { path: 'invitee', message: 'Required' },
    ]);
    expect(problem.message).toBe('inviter: Required; invitationCode: Required; invitee: Required');
  });
});

describe('invitation codes', () => {
  it('are long, random, and stored only as their SHA-256', () => {
    const code = newInvitationCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newInvitationCode()).not.toBe(code);
    expect(hashInvitationCode(code)).toMatch(/^[a-f0-9]{64}$/);
    expect(hashInvitationCode(code)).not.toContain(code);
  });

  it('accept an open code from its inviter', () => {
    const stored = [{ codeHash: hashInvitationCode('good'), inviter: 'alice', expiresAt: later }];
    const byAlice = (name: string) => name === 'alice';
    expect(acceptInvitation(stored, 'good', byAlice, now)).toBe(stored[0]);
  });

  it('refuse wrong, expired and foreign codes alike (1011)', () => {
    const stored = [
      { codeHash: hashInvitationCode('old'), inviter: 'alice', expiresAt: earlier },
      { codeHash: hashInvitationCode('good'), inviter: 'alice', expiresAt: later },
    ];
    const byAlice = (name: string) => name === 'alice';
    expect(failure(() => acceptInvitation(stored, 'guess', byAlice, now)).code).toBe(1011);
    expect(failure(() => acceptInvitation(stored, 'old', byAlice, now)).code).toBe(1011);
    expect(failure(() => acceptInvitation(stored, 'good', () => false, now)).code).toBe(1011);
  });

  it('drop expired invitations and keep at most the newest few when adding one', () => {
    const expired = { codeHash: 'a'.repeat(64), inviter: 'alice', expiresAt: earlier };
    const added = { codeHash: 'b'.repeat(64), inviter: 'alice', expiresAt: later };
    expect(withInvitation([expired], added, now)).toEqual([added]);
    const many = Array.from({ length: maxOpenInvitations + 5 }, (_, i) => ({
      codeHash: i.toString(16).padStart(64, '0'),
      inviter: 'alice',
      expiresAt: later,
    }));
    const kept = withInvitation(many, added, now);
    expect(kept).toHaveLength(maxOpenInvitations);
    expect(kept.at(-1)).toBe(added);
  });
});
