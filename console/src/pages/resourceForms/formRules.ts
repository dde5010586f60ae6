import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import {
  dataKeyPattern,
  dnsLabelPattern,
  ingressHostPattern,
  ingressPathPattern,
  maxDataKeyLength,
  maxPortNameLength,
} from '@nimbus/api/shared';
import { isFileMode, isMountPath, repeatedFileNames, type DataItem } from './configValues';

export const requiredRule = (t: TFunction): FormRule => ({
  required: true,
  whitespace: true,
  message: t('resourceForms.validation.required'),
});

/** File names must not repeat, and must be names Kubernetes accepts as data keys. */
export const fileNameRules = (t: TFunction, index: number): FormRule[] => [
  requiredRule(t),
  { max: maxDataKeyLength, message: t('resourceForms.validation.fileNameLength') },
  { pattern: dataKeyPattern, message: t('resourceForms.validation.fileNamePattern') },
  ({ getFieldValue }) => ({
    validator: async () => {
      if (repeatedFileNames(getFieldValue('items') as DataItem[] | undefined).has(index)) {
        throw new Error(t('resourceForms.validation.fileNameRepeated'));
      }
    },
  }),
];

export const mountPathRules = (t: TFunction): FormRule[] => [
  {
    validator: async (_rule, value?: string) => {
      if (value?.trim() && !isMountPath(value.trim())) {
        throw new Error(t('resourceForms.validation.mountPath'));
      }
    },
  },
];

export const fileModeRules = (t: TFunction): FormRule[] => [
  {
    validator: async (_rule, value?: string) => {
      if (value?.trim() && !isFileMode(value.trim())) {
        throw new Error(t('resourceForms.validation.fileMode'));
      }
    },
  },
];

export const containerNamesRules = (t: TFunction): FormRule[] => [
  {
    validator: async (_rule, value?: string[]) => {
      if ((value ?? []).some((name) => name.length > 63 || !dnsLabelPattern.test(name))) {
        throw new Error(t('resourceForms.validation.containerNames'));
      }
    },
  },
];

/** A port number, or the name of a container port (an IANA service name, at most 15). */
export const portOrNameRule = (t: TFunction): FormRule => ({
  validator: async (_rule, value?: string) => {
    const text = value?.trim() ?? '';
    const named = text.length <= maxPortNameLength && dnsLabelPattern.test(text);
    if (text !== '' && !/^\d{1,5}$/.test(text) && !named) {
      throw new Error(t('resourceForms.validation.targetPort'));
    }
  },
});

/** Port names are optional alone, required when a service has several ports (Kubernetes). */
export const portNameRules = (t: TFunction): FormRule[] => [
  {
    pattern: dnsLabelPattern,
    max: maxPortNameLength,
    message: t('resourceForms.validation.portName'),
  },
  ({ getFieldValue }) => ({
    validator: async (_rule, value?: string) => {
      const ports = (getFieldValue('ports') as unknown[] | undefined) ?? [];
      if (ports.length > 1 && !value?.trim()) {
        throw new Error(t('resourceForms.validation.portNameRequired'));
      }
    },
  }),
];

export const hostRule = (t: TFunction): FormRule => ({
  pattern: ingressHostPattern,
  message: t('resourceForms.validation.host'),
});

export const subPathRule = (t: TFunction): FormRule => ({
  pattern: ingressPathPattern,
  message: t('resourceForms.validation.subPath'),
});
