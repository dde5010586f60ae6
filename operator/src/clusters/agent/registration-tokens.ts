import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError, errors } from '../../core/errors.js';
import type { HubStore } from '../../hub/store.js';
import type { SecretValue } from '../../hub/secrets.js';

/**
 * A pending registration by command: what the token was issued for, fixed when an organization
 * administrator asked for it, so whoever runs the command cannot change the organization, the
 * name or the region. Kept in a Secret of the operator namespace named after a digest of the
 * token (the token itself is never stored), so every replica finds it.
 */
export const registrationRecord = z.object({
  cluster: z.string(),
  organization: z.string(),
  organizationUid: z.string(),
  region: z.string(),
  server: z.string().optional(),
  createdBy: z.string(),
  createdByUid: z.string(),
  expiresAt: z.string(),
});
export type RegistrationRecord = z.infer<typeof registrationRecord>;

type Secrets = Pick<HubStore, 'secrets'>;

const secretPrefix = 'nimbus-registration-';
export const registrationLabel = 'nimbus.io/cluster-registration';
const organizationUidLabel = 'nimbus.io/organization-uid';
/** A claimed token whose holder vanished (a replica stopped mid-way) is free again after this. */
const claimLeaseMs = 2 * 60_000;

const digestOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const secretNameOf = (digest: string): string => `${secretPrefix}${digest.slice(0, 40)}`;

function invalidToken(): ApiError {
  return new ApiError(errors.registrationTokenInvalid);
}

function encode(record: RegistrationRecord, digest: string, claimedAt?: number) {
  return {
    name: secretNameOf(digest),
    data: {
      digest,
      record: JSON.stringify(record),
      ...(claimedAt === undefined ? {} : { claimedAt: String(claimedAt) }),
    },
    labels: {
      [registrationLabel]: record.cluster,
      [organizationUidLabel]: record.organizationUid,
    },
  };
}

/**
 * Issues a token for `record`. An earlier pending token for the same cluster name in the same
 * organization stops working: the latest command is the one that counts.
 */
export async function issueRegistrationToken(
  store: Secrets,
  record: RegistrationRecord,
): Promise<string> {
  const earlier = await store.secrets.list(
    `${registrationLabel}=${record.cluster},${organizationUidLabel}=${record.organizationUid}`,
  );
  await Promise.all(earlier.map((secret) => store.secrets.delete(secret.name)));
  const token = randomBytes(32).toString('base64url');
  await store.secrets.create(encode(record, digestOf(token)));
  return token;
}

/** A claimed token: finish with `complete` (it is gone) or give it back with `release`. */
export interface ClaimedRegistration {
  record: RegistrationRecord;
  complete(): Promise<void>;
  release(): Promise<void>;
}

function parse(secret: SecretValue, digest: string): RegistrationRecord | undefined {
  const stored = Buffer.from(secret.data.digest ?? '');
  const given = Buffer.from(digest);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  try {
    const parsed = registrationRecord.safeParse(JSON.parse(secret.data.record ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the token for one registration attempt (1016 when it is unknown, expired, used or being
 * used): the claim is a write guarded by the Secret's resourceVersion, so of two callers at once
 * only one gets it. A failed attempt releases it (the command may be run again until it
 * expires); a successful one deletes it, so it never works twice.
 */
export async function claimRegistrationToken(
  store: Secrets,
  token: string,
  now: number,
): Promise<ClaimedRegistration> {
  const digest = digestOf(token);
  const secret = await store.secrets.get(secretNameOf(digest));
  const record = secret && parse(secret, digest);
  if (!secret || !record) throw invalidToken();
  if (Date.parse(record.expiresAt) <= now) {
    await store.secrets.delete(secret.name);
    throw invalidToken();
  }
  const claimedAt = Number(secret.data.claimedAt ?? Number.NaN);
  if (now - claimedAt < claimLeaseMs) throw invalidToken();
  let claimed: SecretValue;
  try {
    claimed = await store.secrets.replace({
      ...encode(record, digest, now),
      resourceVersion: secret.resourceVersion,
    });
  } catch (error) {
    if (error instanceof ApiError && error.entry === errors.conflict) throw invalidToken();
    throw error;
  }
  return {
    record,
    complete: async () => {
      await store.secrets.delete(claimed.name);
    },
    release: async () => {
      await store.secrets
        .replace({ ...encode(record, digest), resourceVersion: claimed.resourceVersion })
        .catch(() => undefined);
    },
  };
}

/** Deletes expired pending registrations; the leader runs it on a schedule. */
export async function sweepRegistrationTokens(store: Secrets, now: number): Promise<number> {
  const pending = await store.secrets.list(registrationLabel);
  const expired = pending.filter((secret) => {
    try {
      const record = registrationRecord.parse(JSON.parse(secret.data.record ?? ''));
      return Date.parse(record.expiresAt) <= now;
    } catch {
      return true;
    }
  });
  await Promise.all(expired.map((secret) => store.secrets.delete(secret.name)));
  return expired.length;
}
