import {
  emailPattern,
  meetsPasswordRule,
  userNameMaxLength,
  userNamePattern,
} from '@nimbus/api/shared';
import type { SignInKey } from '../../i18n/signInKey';

/** Lowercase alphanumerics and hyphens in dot-separated labels, as the operator checks them. */
export const isValidUserName = (value: string): boolean =>
  value.length <= userNameMaxLength && userNamePattern.test(value);

/** At least 6 characters with a lowercase letter and a digit, as the operator checks. */
export const isValidPassword = (value: string): boolean => meetsPasswordRule(value);

export const isValidEmail = (value: string): boolean => emailPattern.test(value);

/** One field's rules: the message of the first one the value breaks, or undefined. */
export type FieldCheck<Values> = (value: string, values: Values) => SignInKey | undefined;

const failing = (broken: boolean, key: SignInKey): SignInKey | undefined =>
  broken ? key : undefined;

/**
 * The sign-in and register rules with their messages, without antd: the sign-in screen
 * checks with these, the antd forms elsewhere with `credentialRules` built on the same tests.
 */
export const credentialChecks = {
  userName: (value: string) =>
    value === ''
      ? 'validation.userNameRequired'
      : failing(!isValidUserName(value), 'validation.userNameFormat'),
  email: (value: string) =>
    value === ''
      ? 'validation.emailRequired'
      : failing(!isValidEmail(value), 'validation.emailFormat'),
  password: (value: string) => failing(!isValidPassword(value), 'validation.passwordRule'),
  confirmPassword: (value: string, values: { password: string }) =>
    value === ''
      ? 'validation.confirmPasswordRequired'
      : failing(value !== values.password, 'validation.confirmPasswordMismatch'),
  mfaCode: (value: string) => failing(value.trim() === '', 'validation.mfaCodeRequired'),
} satisfies Record<string, FieldCheck<{ password: string }>>;
