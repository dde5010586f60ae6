import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { dnsLabelPattern, resourceNamePattern } from '@nimbus/api/shared';

/** Required, then the resource-name pattern. */
export function resourceNameRules(t: TFunction, requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    { pattern: resourceNamePattern, message: t('admin.validation.resourceName') },
  ];
}

/** Kubernetes names that are DNS labels (namespaces, applications, containers): at most 63. */
const DNS_LABEL_MAX = 63;

/** Required; at most 63 characters; lowercase letters, digits and hyphens only. */
export const dnsLabelNameRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('namespaces.validation.nameRequired') },
  {
    max: DNS_LABEL_MAX,
    message: t('namespaces.validation.nameLength', { max: DNS_LABEL_MAX }),
  },
  { pattern: dnsLabelPattern, message: t('namespaces.validation.namePattern') },
];
