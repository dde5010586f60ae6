import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The location must be chosen. */
export const locationRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('namespaces.validation.locationRequired') },
];
