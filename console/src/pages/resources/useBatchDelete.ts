import type { TableRowSelection } from 'antd/es/table/interface';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowsOnCluster } from '../../access/clusterPermissions';
import { useUserInfo } from '../../appState/useAppData';
import { deletePermissions, isDeletable } from '../../resources/deleteCalls';
import type { KindDescriptor } from '../../resources/descriptors/types';
import type { ListedObject } from '../../resources/kubeObject';
import { rowKey } from '../../resources/listedRowKey';
import type { BatchDeleteItem } from './BatchDeleteDialog';

/**
 * Selecting rows of a list to delete them together. Offered for deletable kinds where the caller
 * may delete on at least one listed cluster; rows of other clusters cannot be selected. What was
 * deleted leaves the list at once (the index drops it when its watch sees the deletion).
 */
export function useBatchDelete(descriptor: KindDescriptor, listed: readonly ListedObject[]) {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const [selectedKeys, setSelectedKeys] = useState<readonly string[]>([]);
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  // What the dialog deletes, fixed when it opens: the list re-reads while it runs and drops
  // what is gone, which must not empty the dialog.
  const [confirming, setConfirming] = useState<readonly BatchDeleteItem[]>();
  const kind = isDeletable(descriptor.kind) ? descriptor.kind : undefined;

  const mayDelete = useCallback(
    (row: ListedObject) =>
      kind !== undefined &&
      deletePermissions(kind).some((permission) => allowsOnCluster(user, row.cluster, permission)),
    [kind, user],
  );
  const rows = useMemo(() => listed.filter((row) => !gone.has(rowKey(row))), [listed, gone]);
  const selected = useMemo(
    () => rows.filter((row) => selectedKeys.includes(rowKey(row))),
    [rows, selectedKeys],
  );
  const items: BatchDeleteItem[] = useMemo(
    () =>
      kind === undefined
        ? []
        : selected.map((row) => ({
            key: rowKey(row),
            target: {
              kind,
              vendor: row.vendor,
              region: row.region,
              cluster: row.cluster,
              name: row.metadata?.name ?? '',
              ...(row.metadata?.namespace ? { namespace: row.metadata.namespace } : {}),
            },
          })),
    [kind, selected],
  );

  const rowSelection: TableRowSelection<ListedObject> | undefined = rows.some(mayDelete)
    ? {
        selectedRowKeys: [...selectedKeys],
        onChange: (keys) => setSelectedKeys(keys.map(String)),
        getCheckboxProps: (row) => {
          const allowed = mayDelete(row);
          return {
            disabled: !allowed,
            title: allowed ? undefined : t('resources.delete.notAllowed'),
            'aria-label': t('resources.delete.select', { name: row.metadata?.name ?? '' }),
          };
        },
      }
    : undefined;

  return {
    rows,
    selected,
    items,
    rowSelection,
    confirming,
    confirm: () => setConfirming(items),
    clear: () => setSelectedKeys([]),
    /** The dialog closed: what was deleted leaves the list and the selection; failures stay selected. */
    finished: (deleted: readonly string[]) => {
      setConfirming(undefined);
      if (deleted.length === 0) return;
      setGone((previous) => new Set([...previous, ...deleted]));
      setSelectedKeys((previous) => previous.filter((key) => !deleted.includes(key)));
    },
  };
}
