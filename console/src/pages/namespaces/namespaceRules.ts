import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { dnsLabelPattern } from '@nimbus/api/shared';

/** Kubernetes namespace names are DNS labels: at most 63 characters. */
const NAMESPACE_NAME_MAX = 63;

/** Required; lowercase letters, digits and hyphens only. */
export const namespaceNameRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('namespaces.validation.nameRequired') },
  {
    max: NAMESPACE_NAME_MAX,
    message: t('namespaces.validation.nameLength', { max: NAMESPACE_NAME_MAX }),
  },
  { pattern: dnsLabelPattern, message: t('namespaces.validation.namePattern') },
];

/** The location must be chosen. */
export const locationRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('namespaces.validation.locationRequired') },
];
