// The PersistentVolume, PersistentVolumeClaim and StorageClass creation forms; the operator
// builds the manifests from these fields.
import { z } from 'zod';
import { nfsServerPattern, provisionerPattern } from '../shared/form-patterns.js';
import { isMountPath } from '../shared/config-mounts.js';
import {
  accessModes,
  bindingModes,
  reclaimPolicies,
  storageClassReclaimPolicies,
  volumeModes,
} from '../shared/resource-forms.js';
import { annotationMap, dnsLabel, labelMap, quantity } from './namespace-requests.js';
import { objectName } from './resource-requests.js';

const accessModeList = z
  .array(z.enum(accessModes))
  .min(1, 'choose at least one access mode')
  .max(accessModes.length)
  .refine((modes) => new Set(modes).size === modes.length, 'access modes must not repeat');
const storageClassRef = objectName.optional();
const absolutePath = z
  .string()
  .trim()
  .max(4096)
  .refine(isMountPath, 'must be an absolute path without .. or :');
const meta = { name: dnsLabel, labels: labelMap.optional(), annotations: annotationMap.optional() };

/** A positive storage size such as 10Gi. */
const capacity = quantity.refine((value) => !/^0+(\.0*)?[a-zA-Z]*$/.test(value), 'must be above 0');

/** Where the volume's data is: an NFS server and path, a host path, or a CSI volume. */
export const volumeSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('nfs'),
    server: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(253)
      .regex(nfsServerPattern, 'a host name or IP address'),
    path: absolutePath,
  }),
  z.object({ kind: z.literal('hostPath'), path: absolutePath }),
  z.object({
    kind: z.literal('csi'),
    driver: objectName,
    volumeHandle: z.string().trim().min(1, 'Required').max(1024),
    fsType: z.string().trim().max(32).optional(),
  }),
]);

export const persistentVolumeBody = z.object({
  ...meta,
  capacity,
  accessModes: accessModeList,
  reclaimPolicy: z.enum(reclaimPolicies).default('Retain'),
  storageClassName: storageClassRef,
  volumeMode: z.enum(volumeModes).default('Filesystem'),
  readOnly: z.boolean().default(false),
  source: volumeSourceSchema,
  /** Claim reference: reserve the volume for one claim. */
  claimRef: z.object({ namespace: dnsLabel, name: dnsLabel }).optional(),
});
export type PersistentVolumeInput = z.output<typeof persistentVolumeBody>;

export const persistentVolumeClaimBody = z.object({
  ...meta,
  storage: capacity,
  accessModes: accessModeList,
  storageClassName: storageClassRef,
  volumeName: objectName.optional(),
  volumeMode: z.enum(volumeModes).default('Filesystem'),
});
export type PersistentVolumeClaimInput = z.output<typeof persistentVolumeClaimBody>;

const parameterKey = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[-._/A-Za-z0-9]+$/, 'a parameter name');

export const storageClassBody = z.object({
  ...meta,
  provisioner: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(253)
    .regex(provisionerPattern, 'a provisioner such as nfs.csi.k8s.io'),
  reclaimPolicy: z.enum(storageClassReclaimPolicies).default('Delete'),
  volumeBindingMode: z.enum(bindingModes).default('Immediate'),
  allowVolumeExpansion: z.boolean().optional(),
  parameters: z
    .record(parameterKey, z.string().max(1024))
    .refine((map) => Object.keys(map).length <= 64, 'at most 64 parameters')
    .optional(),
});
export type StorageClassInput = z.output<typeof storageClassBody>;
