import type { ListedObject } from './kubeObject';

/** A listed object's key among lists of every cluster: the uid tells a re-created name apart. */
export const rowKey = (row: ListedObject) =>
  `${row.cluster}/${row.metadata?.namespace ?? ''}/${row.metadata?.name ?? ''}/${row.metadata?.uid ?? ''}`;
