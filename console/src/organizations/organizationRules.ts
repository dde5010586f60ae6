import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { resourceNamePattern } from '@nimbus/api/shared';

/** Organization form: name, alias, contact and email required; email format checked. */
export function organizationRules(t: TFunction) {
  const named: FormRule = {
    pattern: resourceNamePattern,
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

/** Join organization: each field Required (blank counts as empty) and trimmed. */
export const requiredTrimmed = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('validation.required') },
];
