import { z } from 'zod';
import { emailPattern } from '../crds/common.js';
import { userNameMaxLength, userNameMessage, userNamePattern } from '../crds/names.js';

/** SPEC §5 messages, word for word; the console shows the same texts. */
export const ruleMessages = {
  required: 'Required',
  userName: userNameMessage,
  email: 'Please enter a valid email address',
  password: 'At least 6 digits in length as well as number and lowercase letters are required',
  confirmPassword: 'Please confirm password',
  unmatchedPassword: 'Unmatched password',
} as const;

export const passwordMinLength = 6;
/** Bounds the argon2 input; far above any real passphrase. */
export const passwordMaxLength = 128;

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

/** SPEC §5: at least 6 characters with a lowercase letter and a digit; one message for all. */
export function meetsPasswordRule(value: string): boolean {
  return (
    value.length >= passwordMinLength &&
    value.length <= passwordMaxLength &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value)
  );
}

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

export type RegisterBody = z.output<typeof registerBody>;
