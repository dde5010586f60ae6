/** Close codes the operator itself sends on a relayed stream (RFC 6455 §7.4). */
export const relayClosedCode = {
  /** 1008 policy violation: the session was revoked or the user deleted. */
  accessEnded: 1008,
  /** 1011: the operator could not go on serving the stream. */
  failed: 1011,
} as const;
