/**
 * Resource kinds the console routes name; each is described (columns, sections, actions, form)
 * in resources/descriptors.
 */

/** Kinds with a list page, in the order of the User Services menu (`/list/:type`). */
export const LISTED_KINDS = [
  'Deployment',
  'StatefulSet',
  'CronJob',
  'DaemonSet',
  'Pod',
  'Service',
  'Ingress',
  'ConfigMap',
  'Secret',
  'Namespace',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'StorageClass',
  'Node',
  'Job',
  'Event',
] as const;
export type ListedKind = (typeof LISTED_KINDS)[number];

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
