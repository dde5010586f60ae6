import { z } from 'zod';
import {
  emailPattern,
  passwordMaxLength,
  ruleMessages,
  meetsPasswordRule,
} from '../shared/accounts.js';
import { userNameMaxLength, userNamePattern } from '../shared/names.js';

// The account rules as schemas: register, user create and password change share them.

export const userNameRule = z
  .string({ error: ruleMessages.required })
  .trim()
  .min(1, { message: ruleMessages.required, abort: true })
  .max(userNameMaxLength, { message: ruleMessages.userName, abort: true })
  .regex(userNamePattern, ruleMessages.userName);

export const emailRule = z
  .string({ error: ruleMessages.required })
  .trim()
  .min(1, { message: ruleMessages.required, abort: true })
  .max(254, { message: ruleMessages.email, abort: true })
  .regex(emailPattern, ruleMessages.email);

export const passwordRule = z
  .string({ error: ruleMessages.required })
  .min(1, { message: ruleMessages.required, abort: true })
  .refine(meetsPasswordRule, ruleMessages.password);

export const displayNameRule = z.string().trim().max(253);

const verifyPasswordRule = z
  .string({ error: ruleMessages.confirmPassword })
  .min(1, ruleMessages.confirmPassword);

/** The new password and its confirmation, as register, user create and password change send them. */
export const newPasswordShape = { password: passwordRule, verifyPassword: verifyPasswordRule };

/** Adds the "Unmatched password" check to an object schema holding newPasswordShape. */
export function withMatchingPasswords<
  S extends z.ZodObject<typeof newPasswordShape & z.ZodRawShape>,
>(schema: S) {
  return schema.refine((value) => value.password === value.verifyPassword, {
    message: ruleMessages.unmatchedPassword,
    path: ['verifyPassword'],
  });
}

export const registerBody = withMatchingPasswords(
  z.object({
    userName: userNameRule,
    name: displayNameRule.optional(),
    email: emailRule,
    ...newPasswordShape,
  }),
);

export const registeredUserSchema = z.object({ uuid: z.string(), userName: z.string() });

export const loginBody = z.object({
  userName: z.string().trim().min(1).max(253),
  password: z.string().min(1).max(passwordMaxLength),
  mfaCode: z.string().trim().max(16).optional(),
});

/** The session token is also set as the HttpOnly cookie; the answer carries it for scripts. */
export const loginResultSchema = z.object({
  token: z.string(),
  userId: z.string(),
  userName: z.string(),
  expiresAt: z.string(),
  /** The bootstrap admin must change the generated password before anything else (1010). */
  mustChangePassword: z.boolean(),
});

const mfaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code');

/** PUT …/users/{userName}/mfa: generate a pending secret, or bind it with a code from it. */
export const mfaActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('generate') }),
  z.object({ action: z.literal('bind'), code: mfaCode }),
]);

export const mfaUnbindBody = z.object({ code: mfaCode });

/** The pending TOTP secret, shown once to its owner: an otpauth URL and its QR image. */
export const mfaEnrolmentSchema = z.object({
  /** PNG data URL of the otpauth URL, for the console's QR image. */
  qrImage: z.string(),
  otpauthUrl: z.string(),
});
