import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * Names of organizations, groups and roles (SPEC §5 "resource names"): lowercase letters,
 * digits and hyphens, starting and ending with a letter or digit, at most 63 characters — the
 * pattern the operator's CRDs enforce.
 */
export const RESOURCE_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export const isValidResourceName = (value: string): boolean => RESOURCE_NAME_PATTERN.test(value);

/** Required, then the resource-name pattern. */
export function resourceNameRules(t: TFunction, requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    { pattern: RESOURCE_NAME_PATTERN, message: t('admin.validation.resourceName') },
  ];
}
