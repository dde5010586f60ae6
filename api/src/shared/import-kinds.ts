// The kinds a YAML import may create, and the checks every imported document passes, the same in
// the console (before anything is sent) and at the operator's edge (hostile input).
import { resourceNameMessage, resourceNamePattern } from './names.js';

export interface ImportableKind {
  apiVersion: string;
  kind: string;
  /** The member's collection: /api/v1/<plural> or /apis/<group>/<version>/<plural>. */
  plural: string;
  namespaced: boolean;
}

const kind = (apiVersion: string, name: string, plural: string, namespaced = true) => ({
  apiVersion,
  kind: name,
  plural,
  namespaced,
});

/**
 * What an application and its surroundings are made of. Cluster-scoped kinds are limited to the
 * ones the console's own forms create (Namespace, PersistentVolume, StorageClass): cluster-wide
 * RBAC, webhooks and CRDs are not imported from a console.
 */
export const importableKinds: readonly ImportableKind[] = [
  kind('v1', 'Namespace', 'namespaces', false),
  kind('v1', 'PersistentVolume', 'persistentvolumes', false),
  kind('storage.k8s.io/v1', 'StorageClass', 'storageclasses', false),
  kind('v1', 'ConfigMap', 'configmaps'),
  kind('v1', 'Secret', 'secrets'),
  kind('v1', 'Service', 'services'),
  kind('v1', 'ServiceAccount', 'serviceaccounts'),
  kind('v1', 'PersistentVolumeClaim', 'persistentvolumeclaims'),
  kind('v1', 'Pod', 'pods'),
  kind('v1', 'ResourceQuota', 'resourcequotas'),
  kind('v1', 'LimitRange', 'limitranges'),
  kind('apps/v1', 'Deployment', 'deployments'),
  kind('apps/v1', 'StatefulSet', 'statefulsets'),
  kind('apps/v1', 'DaemonSet', 'daemonsets'),
  kind('apps/v1', 'ReplicaSet', 'replicasets'),
  kind('batch/v1', 'Job', 'jobs'),
  kind('batch/v1', 'CronJob', 'cronjobs'),
  kind('networking.k8s.io/v1', 'Ingress', 'ingresses'),
  kind('networking.k8s.io/v1', 'NetworkPolicy', 'networkpolicies'),
  kind('autoscaling/v2', 'HorizontalPodAutoscaler', 'horizontalpodautoscalers'),
  kind('autoscaling/v1', 'HorizontalPodAutoscaler', 'horizontalpodautoscalers'),
  kind('policy/v1', 'PodDisruptionBudget', 'poddisruptionbudgets'),
  kind('rbac.authorization.k8s.io/v1', 'Role', 'roles'),
  kind('rbac.authorization.k8s.io/v1', 'RoleBinding', 'rolebindings'),
];

export function importableKind(apiVersion: string, name: string): ImportableKind | undefined {
  return importableKinds.find((k) => k.apiVersion === apiVersion && k.kind === name);
}

/** At most this many documents per import, each at most this large as JSON. */
export const maxImportDocuments = 50;
export const maxImportDocumentBytes = 256 * 1024;

/** Why a document cannot be imported, for the console to translate and the edge to refuse. */
export type DocumentProblem =
  | { code: 'notObject' }
  | { code: 'missing'; field: 'apiVersion' | 'kind' | 'metadata.name' }
  | { code: 'badName'; name: string }
  | { code: 'badNamespace'; namespace: string }
  | { code: 'unknownKind'; apiVersion: string; kind: string }
  | { code: 'clusterScoped'; kind: string }
  | { code: 'tooLarge'; bytes: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The first reason `document` (one parsed YAML document) cannot be imported, if any. */
export function documentProblem(document: unknown): DocumentProblem | undefined {
  if (!isRecord(document)) return { code: 'notObject' };
  const { apiVersion, kind: kindName } = document;
  const metadata = isRecord(document.metadata) ? document.metadata : {};
  if (!filled(apiVersion)) return { code: 'missing', field: 'apiVersion' };
  if (!filled(kindName)) return { code: 'missing', field: 'kind' };
  if (!filled(metadata.name)) return { code: 'missing', field: 'metadata.name' };
  if (!resourceNamePattern.test(metadata.name)) return { code: 'badName', name: metadata.name };
  const known = importableKind(apiVersion, kindName);
  if (!known) return { code: 'unknownKind', apiVersion, kind: kindName };
  const { namespace } = metadata;
  if (namespace !== undefined) {
    if (!known.namespaced) return { code: 'clusterScoped', kind: kindName };
    if (typeof namespace !== 'string' || !resourceNamePattern.test(namespace)) {
      return { code: 'badNamespace', namespace: String(namespace) };
    }
  }
  const bytes = new TextEncoder().encode(JSON.stringify(document)).length;
  if (bytes > maxImportDocumentBytes) return { code: 'tooLarge', bytes };
  return undefined;
}

/** The problem in English: the operator's validation message. */
export function documentProblemText(problem: DocumentProblem): string {
  switch (problem.code) {
    case 'notObject':
      return 'must be a mapping with apiVersion, kind and metadata';
    case 'missing':
      return `${problem.field} is required`;
    case 'badName':
      return `metadata.name ${problem.name} ${resourceNameMessage}`;
    case 'badNamespace':
      return `metadata.namespace ${problem.namespace} ${resourceNameMessage}`;
    case 'unknownKind':
      return `kind ${problem.kind} of ${problem.apiVersion} cannot be imported`;
    case 'clusterScoped':
      return `${problem.kind} is cluster-scoped: remove metadata.namespace`;
    case 'tooLarge':
      return `is ${problem.bytes} bytes, more than ${maxImportDocumentBytes}`;
  }
}
