import { z } from 'zod';
import { openText, sealText } from '../core/sealed-text.js';

/**
 * What a sign-in keeps between sending the browser to the provider and its return: the state and
 * nonce to compare, the PKCE verifier to prove, the redirect URI to repeat, and which provider
 * (by uid, so a provider re-created under the same name does not inherit it). It travels sealed
 * (AES-256-GCM) in a cookie of this browser only: nothing is stored in the hub per attempt, every
 * replica can finish what another started, and a state from another browser finds no match.
 */
export const pendingSignIn = z.object({
  provider: z.string(),
  providerUid: z.string(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirectUri: z.string(),
  expiresAt: z.number(),
});
export type PendingSignIn = z.infer<typeof pendingSignIn>;

/** Long enough to sign in at the provider, short enough that a left-over attempt dies soon. */
export const signInWindowSeconds = 600;

export function seal(key: Buffer, value: PendingSignIn): string {
  return sealText(key, JSON.stringify(value));
}

/** The sealed value, or undefined when it was not sealed with this key, was altered or expired. */
export function open(key: Buffer, sealed: string, now: number): PendingSignIn | undefined {
  const text = openText(key, sealed);
  if (text === undefined) return undefined;
  try {
    const parsed = pendingSignIn.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.expiresAt > now ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
