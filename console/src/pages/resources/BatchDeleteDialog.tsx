import { Alert, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteApi, deletedTags } from '../../api/deleteApi';
import { useAppDispatch } from '../../app/hooks';
import { TypeToConfirm } from '../../components/admin/TypeToConfirm';
import type { DeleteTarget } from '../../resources/deleteCalls';
import { completed } from '../../resources/descriptors/completed';
import { runInTurn, type Outcome } from '../../resources/runInTurn';
import { OutcomeTag } from './OutcomeTag';

/** A selected row: its key in the list and what to delete. */
export interface BatchDeleteItem {
  key: string;
  target: DeleteTarget;
}

export interface BatchDeleteDialogProps {
  items: readonly BatchDeleteItem[];
  namespaced: boolean;
  /** Called with the keys of what was deleted (none when cancelled). */
  onClose: (deleted: readonly string[]) => void;
}

/**
 * Deletes the selected objects as the caller, one after another, each row showing how it went.
 * One object is confirmed by typing its name; several by typing how many.
 */
export function BatchDeleteDialog({ items, namespaced, onClose }: BatchDeleteDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState('');
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>();
  const count = items.length;
  const [single] = items;
  const expected = count === 1 && single ? single.target.name : String(count);
  const started = outcomes !== undefined;
  const running =
    started && Object.values(outcomes).some((o) => o === 'pending' || o === 'running');
  const finished = started && !running;
  const failed = items.filter(({ key }) => outcomes?.[key] === 'failed').length;
  const deletedKeys = () =>
    items.filter(({ key }) => outcomes?.[key] === 'done').map(({ key }) => key);

  const run = async () => {
    if (typed !== expected || started) return;
    setOutcomes(Object.fromEntries(items.map(({ key }) => [key, 'pending' as const])));
    const done: DeleteTarget[] = [];
    await runInTurn(
      items,
      ({ key }) => key,
      async ({ target }) => {
        await completed(dispatch(deleteApi.endpoints.deleteOneOfBatch.initiate(target)));
        done.push(target);
      },
      (key, outcome) => setOutcomes((previous) => ({ ...previous, [key]: outcome })),
    );
    if (done.length > 0) dispatch(deleteApi.util.invalidateTags(done.flatMap(deletedTags)));
  };

  return (
    <Modal
      open
      title={t('resources.delete.batchTitle')}
      okText={finished ? t('resources.delete.close') : t('admin.common.delete')}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{
        danger: !finished,
        disabled: !finished && typed !== expected,
        'data-testid': 'batch-delete-ok',
      }}
      cancelButtonProps={{ style: finished ? { display: 'none' } : undefined, disabled: running }}
      confirmLoading={running}
      closable={!running}
      mask={{ closable: false }}
      keyboard={!running}
      onOk={() => (finished ? onClose(deletedKeys()) : void run())}
      onCancel={() => onClose(finished ? deletedKeys() : [])}
      width={720}
    >
      <Typography.Paragraph>{t('resources.delete.batchText', { count })}</Typography.Paragraph>
      <Table<BatchDeleteItem>
        size="small"
        data-testid="batch-delete-items"
        rowKey="key"
        dataSource={[...items]}
        pagination={{ hideOnSinglePage: true, pageSize: 10 }}
        columns={[
          {
            key: 'name',
            title: t('resources.columns.name'),
            render: (_value, { target }) => target.name,
          },
          ...(namespaced
            ? [
                {
                  key: 'namespace',
                  title: t('resources.columns.namespace'),
                  render: (_value: unknown, { target }: BatchDeleteItem) => target.namespace,
                },
              ]
            : []),
          {
            key: 'cluster',
            title: t('resources.columns.cluster'),
            render: (_value, { target }) => target.cluster,
          },
          ...(outcomes
            ? [
                {
                  key: 'outcome',
                  title: t('resourceForms.batch.outcome'),
                  render: (_value: unknown, { key }: BatchDeleteItem) => (
                    <OutcomeTag outcome={outcomes[key] ?? 'pending'} />
                  ),
                },
              ]
            : []),
        ]}
      />
      {finished && failed > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="batch-delete-failed"
          title={t('resources.delete.someFailed', { failed, count })}
        />
      )}
      {!started && (
        <TypeToConfirm
          prompt={
            count === 1
              ? t('admin.deleteConfirm.prompt', { name: expected })
              : t('resources.delete.batchPrompt', { count })
          }
          value={typed}
          onChange={setTyped}
          onConfirm={() => void run()}
        />
      )}
    </Modal>
  );
}
