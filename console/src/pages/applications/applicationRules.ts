import {
  absolutePathPattern,
  envNamePattern,
  isCronSchedule,
  isImageReference,
} from '@nimbus/api/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const check = (ok: (text: string) => boolean, message: string): FormRule => ({
  validator: (_rule, value: unknown) => {
    const text = textOf(value);
    return text === '' || ok(text) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

/** The image is written host/image:tag. */
export const imageRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('appForm.validation.imageRequired') },
  check(isImageReference, t('appForm.validation.image')),
];

/** A schedule in standard crontab. */
export const scheduleRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('appForm.validation.scheduleRequired') },
  check(isCronSchedule, t('appForm.validation.schedule')),
];

export const requiredRule = (t: TFunction): FormRule => ({
  required: true,
  whitespace: true,
  message: t('appForm.validation.required'),
});

export const envNameRules = (t: TFunction): FormRule[] => [
  requiredRule(t),
  check((name) => envNamePattern.test(name), t('appForm.validation.envName')),
];

export const absolutePathRules = (t: TFunction): FormRule[] => [
  requiredRule(t),
  check((path) => absolutePathPattern.test(path), t('appForm.validation.absolutePath')),
];

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
export const ipRules = (t: TFunction): FormRule[] => [
  requiredRule(t),
  check((ip) => IPV4.test(ip) || ip.includes(':'), t('appForm.validation.ip')),
];
