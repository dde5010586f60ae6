import { createHash, randomBytes } from 'node:crypto';
import { ApiError, errors } from '../core/errors.js';

export const invitationTtlMs = 7 * 24 * 60 * 60 * 1000;
/** Open invitations kept per organization; the oldest are dropped beyond this. */
export const maxOpenInvitations = 50;

export interface StoredInvitation {
  codeHash: string;
  inviter: string;
  expiresAt?: string | undefined;
}

/** 192 random bits, URL-safe; shown once to the inviter, stored only as its SHA-256. */
export function newInvitationCode(): string {
  return randomBytes(24).toString('base64url');
}

export function hashInvitationCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

function isOpen(invitation: StoredInvitation, now: Date): boolean {
  return invitation.expiresAt === undefined || Date.parse(invitation.expiresAt) > now.getTime();
}

/** The open invitations plus a new one, newest last, at most maxOpenInvitations. */
export function withInvitation(
  existing: readonly StoredInvitation[],
  added: StoredInvitation,
  now: Date,
): StoredInvitation[] {
  const open = existing.filter((i) => isOpen(i, now) && i.codeHash !== added.codeHash);
  return [...open, added].slice(-maxOpenInvitations);
}

export const invitationInvalid = (): ApiError => new ApiError(errors.invitationInvalid);

/**
 * The invitation a join presents, if it is open and was issued by `inviter` (user name or
 * uid, matched by `isInviter`). Every failure looks the same, so a guesser learns nothing.
 */
export function acceptInvitation(
  invitations: readonly StoredInvitation[],
  code: string,
  isInviter: (inviterName: string) => boolean,
  now: Date,
): StoredInvitation {
  const codeHash = hashInvitationCode(code);
  const found = invitations.find((i) => i.codeHash === codeHash);
  if (!found || !isOpen(found, now) || !isInviter(found.inviter)) throw invitationInvalid();
  return found;
}
