import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Lowercase letters, digits and dashes, as the placeholders of name and alias say (SPEC §5). */
export const ORGANIZATION_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** SPEC §5 organization form: name, alias, contact and email required; email format checked. */
export function organizationRules(t: TFunction) {
  const named: FormRule = {
    pattern: ORGANIZATION_NAME_PATTERN,
    message: t('organization.validation.nameFormat'),
  };
  return {
    name: [{ required: true, message: t('organization.validation.nameRequired') }, named],
    cnName: [{ required: true, message: t('organization.validation.aliasRequired') }, named],
    contact: [{ required: true, message: t('organization.validation.contactRequired') }],
    email: [
      { required: true, message: t('organization.validation.emailRequired') },
      { type: 'email', message: t('validation.emailFormat') },
    ],
  } satisfies Record<string, FormRule[]>;
}

/** SPEC §5 join organization: each field Required (blank counts as empty) and trimmed. */
export const requiredTrimmed = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('validation.required') },
];
