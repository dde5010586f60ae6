/**
 * Resource kinds the console routes name; each is described (columns, sections, actions, form)
 * in resources/descriptors.
 */
import { indexedKindNames, type IndexedKindName } from '@nimbus/api/shared';

/**
 * Kinds with a list page, in the order of the User Services menu (`/list/:type`): the indexed
 * kinds of the shared kind table.
 */
export const LISTED_KINDS = indexedKindNames;
export type ListedKind = IndexedKindName;

/** The creation forms under `/add/<form>` (the claim form is spelled in the plural). */
export const CREATE_FORMS = [
  'Application',
  'Deployment',
  'StatefulSet',
  'CronJob',
  'DaemonSet',
  'Service',
  'Namespace',
  'PersistentVolume',
  'PersistentVolumeClaims',
  'Ingress',
  'StorageClass',
  'ConfigMap',
  'Secret',
] as const;
export type CreateForm = (typeof CREATE_FORMS)[number];

/** "Fast Creation": the forms offered in the navigation menu. */
export const FAST_CREATION_FORMS = [
  'Application',
  'Namespace',
  'ConfigMap',
  'Secret',
  'PersistentVolume',
  'PersistentVolumeClaims',
  'StorageClass',
  'Ingress',
] as const satisfies readonly CreateForm[];

export const listPath = (kind: string): string => `/list/${kind}`;
export const createPath = (form: CreateForm): string => `/add/${form}`;
