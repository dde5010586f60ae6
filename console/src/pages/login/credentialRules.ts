import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isValidEmail, isValidPassword, isValidUserName } from './credentialChecks';

const checked =
  (isValid: (value: string) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value === '' || isValid(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });

/**
 * antd form rules for the account forms of the signed-in console (password change, admin user
 * form), with the same messages and tests as the sign-in screen (credentialChecks.ts).
 */
export function credentialRules(t: TFunction) {
  const passwordRule = t('validation.passwordRule');
  return {
    userName: [
      { required: true, message: t('validation.userNameRequired') },
      checked(isValidUserName, t('validation.userNameFormat')),
    ],
    email: [
      { required: true, message: t('validation.emailRequired') },
      checked(isValidEmail, t('validation.emailFormat')),
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
