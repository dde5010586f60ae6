import { ownerReference } from '../hub/owner.js';
import type { HubStore, UserObject } from '../hub/store.js';
import { userLabelValue } from './credentials.js';
import type { TokenClaims } from './tokens.js';
import { newSessionId, signToken, verifyToken } from './tokens.js';

export const sessionUserLabel = 'nimbus.io/user';

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface IssueOptions {
  mustChangePassword?: boolean;
  /** The IdentityProvider of a single sign-on, so sign-out can offer the provider's logout. */
  identityProvider?: string;
}

export interface VerifiedSession {
  claims: TokenClaims;
  user: UserObject;
}

/**
 * Sessions are signed tokens backed by a Session resource each: the signature proves who issued
 * the token, the resource's existence proves it was not revoked. Deleting the resource (logout,
 * password change, user deletion via owner reference) revokes the token on every replica, which
 * learn of it through their watch.
 */
export interface SessionManager {
  issue(user: UserObject, options?: IssueOptions): Promise<IssuedSession>;
  /** Undefined for forged, expired, revoked tokens and tokens of deleted or recreated users. */
  verify(token: string): Promise<VerifiedSession | undefined>;
  revoke(sessionId: string): Promise<void>;
  /** Deletes every session of the user; returns how many. */
  revokeAll(userName: string): Promise<number>;
  /** Deletes expired Session resources; the leader runs it on a schedule (lease-sweeper.ts). */
  sweep(now?: Date): Promise<number>;
}

export interface SessionManagerOptions {
  store: HubStore;
  key: Buffer;
  ttlSeconds: number;
  now?: () => Date;
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { store, key, ttlSeconds } = options;
  const now = options.now ?? (() => new Date());

  const manager: SessionManager = {
    async issue(user, issueOptions = {}) {
      const sessionId = newSessionId();
      const expiresAt = new Date(now().getTime() + ttlSeconds * 1000);
      await store.sessions.create({
        metadata: {
          name: sessionId,
          labels: { [sessionUserLabel]: userLabelValue(user.metadata.name) },
          ownerReferences: [ownerReference(user)],
        },
        spec: {
          user: user.metadata.name,
          expiresAt: expiresAt.toISOString(),
          ...(issueOptions.identityProvider
            ? { identityProvider: issueOptions.identityProvider }
            : {}),
        },
      });
      const { token } = signToken(
        key,
        {
          userName: user.metadata.name,
          userId: user.metadata.uid,
          sessionId,
          mustChangePassword: issueOptions.mustChangePassword === true,
        },
        expiresAt,
      );
      return { token, sessionId, expiresAt };
    },

    async verify(token) {
      const current = now();
      const claims = verifyToken(key, token, current);
      if (!claims) return undefined;
      const session = await store.sessions.fetch(claims.jti);
      if (!session || session.spec.user !== claims.sub) return undefined;
      if (Date.parse(session.spec.expiresAt) <= current.getTime()) return undefined;
      const user = await store.users.fetch(claims.sub);
      if (!user || user.metadata.uid !== claims.uid) return undefined;
      return { claims, user };
    },

    async revoke(sessionId) {
      await store.sessions.delete(sessionId);
    },

    async revokeAll(userName) {
      const label = `${sessionUserLabel}=${userLabelValue(userName)}`;
      const sessions = await store.sessions.listDirect(label);
      const own = sessions.filter((session) => session.spec.user === userName);
      await Promise.all(own.map((session) => store.sessions.delete(session.metadata.name)));
      return own.length;
    },

    async sweep(at = now()) {
      const expired = store.sessions.list(
        (session) => Date.parse(session.spec.expiresAt) <= at.getTime(),
      );
      await Promise.all(expired.map((session) => store.sessions.delete(session.metadata.name)));
      return expired.length;
    },
  };
  return manager;
}
