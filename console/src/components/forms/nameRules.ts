import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { resourceNamePattern } from '@nimbus/api/shared';

/** Required, then the resource-name pattern. */
export function resourceNameRules(t: TFunction, requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    { pattern: resourceNamePattern, message: t('admin.validation.resourceName') },
  ];
}
