import { lazy } from 'react';
import type { CreateForm, ListedKind } from '../resourceKinds';
import type { CreateDescriptor, KindDescriptor } from './types';

const form = (
  forms: readonly CreateForm[],
  load: () => Promise<{ default: React.ComponentType }>,
): CreateDescriptor => ({ forms, component: lazy(load) });

/** The creation forms of the resource kinds (SPEC §2 add/…), each loaded when first opened. */
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

/** The kind's descriptor with its creation form, when it has one. */
export function withCreateForm(descriptor: KindDescriptor): KindDescriptor {
  const create = RESOURCE_CREATE_FORMS[descriptor.kind as ListedKind];
  return create ? { ...descriptor, create } : descriptor;
}
