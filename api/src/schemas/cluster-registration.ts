import { z } from 'zod';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';

// Registering a member cluster with one command (docs/providers/command.md): the wizard asks
// for a one-time token and the command; the command applies the agent manifest in the member
// and hands the hub the member's address, CA and a token of the agent's ServiceAccount.

export const registrationTokenHeader = 'X-Nimbus-Registration-Token';

export const registrationInput = z.object({
  name: z.string().regex(resourceNamePattern, resourceNameMessage),
  organizationId: z.string().min(1),
  region: z.string().trim().min(1).max(63),
  /**
   * The member's API server as the hub reaches it, when that differs from what `kubectl` on the
   * machine running the command uses; absent: the command's own.
   */
  server: z
    .string()
    .trim()
    .max(2048)
    .regex(/^https:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/, 'must be an https URL')
    .optional(),
  /** How long the command works; one use in any case. */
  expiresInMinutes: z.number().int().min(5).max(1440).default(60),
});
export type ParsedRegistrationInput = z.output<typeof registrationInput>;

export const registrationCommandSchema = z.object({
  name: z.string(),
  /** The command to run where kubectl points at the member (holds the one-time token). */
  command: z.string(),
  /** The agent manifest, for reading or applying by hand. */
  manifestUrl: z.string(),
  expiresAt: z.string(),
});

/** What the command posts (form-encoded by curl, or JSON). */
export const registrationCompletion = z.object({
  server: z.string().trim().min(1).max(2048),
  ca: z.string().min(1).max(65_536),
  token: z.string().trim().min(1).max(16_384),
});
export type ParsedRegistrationCompletion = z.output<typeof registrationCompletion>;

export const registrationResultSchema = z.object({
  cluster: z.string(),
  organization: z.string(),
});

export const credentialRotationSchema = z.object({
  /** When the new token of the agent's ServiceAccount expires. */
  expiresAt: z.string(),
});
