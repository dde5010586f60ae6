// Choices of the resource creation forms, shared by the contract's schemas and the console.

export const serviceTypes = ['ClusterIP', 'NodePort', 'LoadBalancer'] as const;
export const portProtocols = ['TCP', 'UDP', 'SCTP'] as const;
export const pathTypes = ['Prefix', 'Exact', 'ImplementationSpecific'] as const;
/** The API server's default node port range. */
export const nodePortRange = { min: 30000, max: 32767 } as const;

export const accessModes = [
  'ReadWriteOnce',
  'ReadOnlyMany',
  'ReadWriteMany',
  'ReadWriteOncePod',
] as const;
export const reclaimPolicies = ['Retain', 'Delete', 'Recycle'] as const;
export const storageClassReclaimPolicies = ['Delete', 'Retain'] as const;
export const volumeModes = ['Filesystem', 'Block'] as const;
export const bindingModes = ['Immediate', 'WaitForFirstConsumer'] as const;
export const volumeSourceKinds = ['nfs', 'hostPath', 'csi'] as const;
