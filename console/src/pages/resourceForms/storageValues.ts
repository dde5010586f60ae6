import type { BodyFor, ClusterLocation } from '@nimbus/api';
import type {
  accessModes,
  bindingModes,
  reclaimPolicies,
  volumeModes,
  volumeSourceKinds,
} from '@nimbus/api/shared';
import { quantityValue } from '@nimbus/api/shared';

type AccessMode = (typeof accessModes)[number];
type VolumeMode = (typeof volumeModes)[number];

/** A storage size above zero, such as 10Gi. */
export const isStorageSize = (text: string): boolean => (quantityValue(text.trim()) ?? 0) > 0;

const trimmed = (text: string | undefined): string | undefined => text?.trim() || undefined;

export interface PersistentVolumeFormValues {
  location?: ClusterLocation;
  name?: string;
  capacity?: string;
  accessModes?: AccessMode[];
  reclaimPolicy?: (typeof reclaimPolicies)[number];
  storageClassName?: string;
  volumeMode?: VolumeMode;
  readOnly?: boolean;
  sourceKind?: (typeof volumeSourceKinds)[number];
  nfs?: { server?: string; path?: string };
  hostPath?: string;
  csi?: { driver?: string; volumeHandle?: string; fsType?: string };
  claimNamespace?: string;
  claimName?: string;
}

function sourceOf(values: PersistentVolumeFormValues): BodyFor<'createPersistentVolume'>['source'] {
  switch (values.sourceKind ?? 'nfs') {
    case 'hostPath':
      return { kind: 'hostPath', path: values.hostPath?.trim() ?? '' };
    case 'csi': {
      const fsType = trimmed(values.csi?.fsType);
      return {
        kind: 'csi',
        driver: values.csi?.driver?.trim() ?? '',
        volumeHandle: values.csi?.volumeHandle?.trim() ?? '',
        ...(fsType ? { fsType } : {}),
      };
    }
    default:
      return {
        kind: 'nfs',
        server: values.nfs?.server?.trim() ?? '',
        path: values.nfs?.path?.trim() ?? '',
      };
  }
}

export function persistentVolumeRequest(
  values: PersistentVolumeFormValues,
): BodyFor<'createPersistentVolume'> & ClusterLocation {
  const storageClassName = trimmed(values.storageClassName);
  const claimNamespace = trimmed(values.claimNamespace);
  const claimName = trimmed(values.claimName);
  return {
    ...(values.location as ClusterLocation),
    name: values.name?.trim() ?? '',
    capacity: values.capacity?.trim() ?? '',
    accessModes: values.accessModes ?? [],
    reclaimPolicy: values.reclaimPolicy ?? 'Retain',
    ...(storageClassName ? { storageClassName } : {}),
    volumeMode: values.volumeMode ?? 'Filesystem',
    readOnly: values.readOnly ?? false,
    source: sourceOf(values),
    ...(claimNamespace && claimName
      ? { claimRef: { namespace: claimNamespace, name: claimName } }
      : {}),
  };
}

export interface PersistentVolumeClaimFormValues {
  location?: ClusterLocation;
  namespace?: string;
  name?: string;
  storage?: string;
  accessModes?: AccessMode[];
  storageClassName?: string;
  volumeName?: string;
  volumeMode?: VolumeMode;
}

export function persistentVolumeClaimRequest(
  values: PersistentVolumeClaimFormValues,
): BodyFor<'createPersistentVolumeClaim'> & ClusterLocation & { namespace: string } {
  const storageClassName = trimmed(values.storageClassName);
  const volumeName = trimmed(values.volumeName);
  return {
    ...(values.location as ClusterLocation),
    namespace: values.namespace ?? '',
    name: values.name?.trim() ?? '',
    storage: values.storage?.trim() ?? '',
    accessModes: values.accessModes ?? [],
    ...(storageClassName ? { storageClassName } : {}),
    ...(volumeName ? { volumeName } : {}),
    volumeMode: values.volumeMode ?? 'Filesystem',
  };
}

export interface StorageClassFormValues {
  location?: ClusterLocation;
  name?: string;
  provisioner?: string;
  reclaimPolicy?: 'Delete' | 'Retain';
  volumeBindingMode?: (typeof bindingModes)[number];
  allowVolumeExpansion?: boolean;
  parameters?: Array<{ key?: string; value?: string }>;
}

export function storageClassRequest(
  values: StorageClassFormValues,
): BodyFor<'createStorageClass'> & ClusterLocation {
  const parameters = Object.fromEntries(
    (values.parameters ?? [])
      .filter((row) => row.key?.trim())
      .map((row) => [row.key?.trim() ?? '', row.value?.trim() ?? '']),
  );
  return {
    ...(values.location as ClusterLocation),
    name: values.name?.trim() ?? '',
    provisioner: values.provisioner?.trim() ?? '',
    reclaimPolicy: values.reclaimPolicy ?? 'Delete',
    volumeBindingMode: values.volumeBindingMode ?? 'Immediate',
    allowVolumeExpansion: values.allowVolumeExpansion ?? false,
    ...(Object.keys(parameters).length > 0 ? { parameters } : {}),
  };
}
