import { lazy } from 'react';
import type { CreateForm, ListedKind } from '../resourceKinds';
import type { ActionDescriptor, CreateDescriptor, KindDescriptor } from './types';

const form = (
  forms: readonly CreateForm[],
  load: () => Promise<{ default: React.ComponentType }>,
): CreateDescriptor => ({ forms, component: lazy(load) });

/** The creation forms of the resource kinds (add/…), each loaded when first opened. */
const RESOURCE_CREATE_FORMS: Partial<Record<ListedKind, CreateDescriptor>> = {
  Service: form(['Service'], () => import('../../pages/resourceForms/ServiceCreatePage')),
  Ingress: form(['Ingress'], () => import('../../pages/resourceForms/IngressCreatePage')),
  ConfigMap: form(['ConfigMap'], () => import('../../pages/resourceForms/ConfigMapCreatePage')),
  Secret: form(['Secret'], () => import('../../pages/resourceForms/SecretCreatePage')),
  PersistentVolume: form(
    ['PersistentVolume'],
    () => import('../../pages/resourceForms/PersistentVolumeCreatePage'),
  ),
  PersistentVolumeClaim: form(
    ['PersistentVolumeClaims'],
    () => import('../../pages/resourceForms/PersistentVolumeClaimCreatePage'),
  ),
  StorageClass: form(
    ['StorageClass'],
    () => import('../../pages/resourceForms/StorageClassCreatePage'),
  ),
};

/** The PUT of a config map: its files and mount settings, edited in a dialog. */
const editConfigMap: ActionDescriptor = {
  id: 'edit-data',
  labelKey: 'resourceForms.edit.configMap',
  confirm: {
    kind: 'confirm',
    titleKey: 'resourceForms.edit.configMap',
    textKey: 'resourceForms.edit.configMap',
  },
  permission: 'configmap:update',
  dialog: lazy(async () => ({
    default: (await import('../../pages/resourceForms/ConfigMapEditDialog')).ConfigMapEditDialog,
  })),
};

/** A secret's values changed write-only: its keys listed, its values never read. */
const editSecretValues: ActionDescriptor = {
  id: 'edit-values',
  labelKey: 'resourceForms.secretValues.action',
  confirm: {
    kind: 'confirm',
    titleKey: 'resourceForms.secretValues.action',
    textKey: 'resourceForms.secretValues.help',
  },
  permission: 'secret:update',
  dialog: lazy(async () => ({
    default: (await import('../../pages/resourceForms/SecretValuesDialog')).SecretValuesDialog,
  })),
};

const RESOURCE_FORM_ACTIONS: Partial<Record<ListedKind, readonly ActionDescriptor[]>> = {
  ConfigMap: [editConfigMap],
  Secret: [editSecretValues],
};

/** The kind's descriptor with its creation form and edit actions, when it has them. */
export function withCreateForm(descriptor: KindDescriptor): KindDescriptor {
  const kind = descriptor.kind as ListedKind;
  const create = RESOURCE_CREATE_FORMS[kind];
  const actions = RESOURCE_FORM_ACTIONS[kind] ?? [];
  return {
    ...descriptor,
    ...(create ? { create } : {}),
    actions: [...actions, ...descriptor.actions],
  };
}
