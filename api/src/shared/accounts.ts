// Account rules that need no schema: both sides check them the same way.
import { userNameMessage } from './names.js';

/** The account rules' messages; the console shows the same texts, word for word. */
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

/** At least 6 characters with a lowercase letter and a digit; one message for all. */
export function meetsPasswordRule(value: string): boolean {
  return (
    value.length >= passwordMinLength &&
    value.length <= passwordMaxLength &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value)
  );
}

/** Email; the pattern is RE2-compatible (the API server compiles it with Go's regexp). */
export const emailPattern =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?([.][A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?)+$/;
