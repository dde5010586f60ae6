/** Close codes the operator itself sends on a relayed stream (RFC 6455 §7.4). */
export const relayClosedCode = {
  /**
   * 1008 policy violation: the caller's access ended (session revoked or expired, user deleted,
   * access key reset, the cluster left their scope); the reason says which.
   */
  accessEnded: 1008,
  /** 1008 as well: the stream reached NIMBUS_STREAM_MAX_LIFETIME; the reason says so. */
  lifetimeReached: 1008,
  /** 1011: the operator could not go on serving the stream. */
  failed: 1011,
} as const;
