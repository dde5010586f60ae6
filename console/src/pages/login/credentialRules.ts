import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { PASSWORD_MIN_LENGTH } from '../../constants';

const DNS_LABEL = '[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?';
/** Lowercase alphanumerics and hyphens in dot-separated labels (DNS subdomain), as the User CRD. */
const USER_NAME_PATTERN = new RegExp(`^${DNS_LABEL}(\\.${DNS_LABEL})*$`);
const USER_NAME_MAX_LENGTH = 253;

export const isValidUserName = (value: string): boolean =>
  value.length <= USER_NAME_MAX_LENGTH && USER_NAME_PATTERN.test(value);

/** At least PASSWORD_MIN_LENGTH characters with a lowercase letter and a digit (SPEC §5). */
export const isValidPassword = (value: string): boolean =>
  value.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(value) && /\d/.test(value);

const checked =
  (isValid: (value: string) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value === '' || isValid(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });

/** antd form rules for the sign-in and register forms, with SPEC §5's messages. */
export function credentialRules(t: TFunction) {
  const passwordRule = t('validation.passwordRule');
  return {
    userName: [
      { required: true, message: t('validation.userNameRequired') },
      checked(isValidUserName, t('validation.userNameFormat')),
    ],
    email: [
      { required: true, message: t('validation.emailRequired') },
      { type: 'email', message: t('validation.emailFormat') },
    ],
    password: [{ required: true, message: passwordRule }, checked(isValidPassword, passwordRule)],
    confirmPassword: [
      { required: true, message: t('validation.confirmPasswordRequired') },
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) =>
          !value || value === getFieldValue('password')
            ? Promise.resolve()
            : Promise.reject(new Error(t('validation.confirmPasswordMismatch'))),
      }),
    ],
  } satisfies Record<string, FormRule[]>;
}
