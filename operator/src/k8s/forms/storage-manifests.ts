// PersistentVolume, PersistentVolumeClaim and StorageClass manifests from the creation forms.
import type {
  PersistentVolumeClaimInput,
  PersistentVolumeInput,
  StorageClassInput,
} from '@nimbus/api';
import type { KubeObject } from '../../index/trim.js';
import { metadataOf } from './network-manifests.js';

function volumeSource(input: PersistentVolumeInput): Record<string, unknown> {
  const { source, readOnly } = input;
  switch (source.kind) {
    case 'nfs':
      return { nfs: { server: source.server, path: source.path, readOnly } };
    case 'hostPath':
      return { hostPath: { path: source.path } };
    case 'csi':
      return {
        csi: {
          driver: source.driver,
          volumeHandle: source.volumeHandle,
          readOnly,
          ...(source.fsType ? { fsType: source.fsType } : {}),
        },
      };
  }
}

export function persistentVolumeManifest(input: PersistentVolumeInput): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: metadataOf(input),
    spec: {
      capacity: { storage: input.capacity },
      accessModes: input.accessModes,
      persistentVolumeReclaimPolicy: input.reclaimPolicy,
      volumeMode: input.volumeMode,
      ...(input.storageClassName ? { storageClassName: input.storageClassName } : {}),
      ...(input.claimRef ? { claimRef: { kind: 'PersistentVolumeClaim', ...input.claimRef } } : {}),
      ...volumeSource(input),
    },
  };
}

export function persistentVolumeClaimManifest(
  input: PersistentVolumeClaimInput,
  namespace: string,
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: metadataOf(input, namespace),
    spec: {
      accessModes: input.accessModes,
      resources: { requests: { storage: input.storage } },
      volumeMode: input.volumeMode,
      ...(input.storageClassName ? { storageClassName: input.storageClassName } : {}),
      ...(input.volumeName ? { volumeName: input.volumeName } : {}),
    },
  };
}

export function storageClassManifest(input: StorageClassInput): KubeObject {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: metadataOf(input),
    provisioner: input.provisioner,
    reclaimPolicy: input.reclaimPolicy,
    volumeBindingMode: input.volumeBindingMode,
    ...(input.allowVolumeExpansion !== undefined
      ? { allowVolumeExpansion: input.allowVolumeExpansion }
      : {}),
    ...(input.parameters && Object.keys(input.parameters).length > 0
      ? { parameters: input.parameters }
      : {}),
  };
}
