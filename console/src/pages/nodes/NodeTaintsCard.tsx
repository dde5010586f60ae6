import type { NodeAddress, Taint } from '@nimbus/api';
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateNodeTaintsMutation } from '../../api/nodeApi';
import { TaintEditorDialog } from './TaintEditorDialog';

/** A node's taints with the taint editor. */
export function NodeTaintsCard({
  address,
  taints,
  editable = true,
}: {
  address: NodeAddress;
  taints: Taint[];
  /** False when the caller may not edit the node: the edit button is left out. */
  editable?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [update] = useUpdateNodeTaintsMutation();
  const save = async (next: Taint[]) => {
    await update({ ...address, taints: next }).unwrap();
    void message.success(t('resources.confirm.succeeded'));
  };
  return (
    <Card
      size="small"
      title={t('resources.taints.title')}
      data-testid="node-taints"
      extra={
        editable && (
          <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
            {t('resources.taints.edit')}
          </Button>
        )
      }
    >
      <Table<Taint>
        size="small"
        rowKey={(taint) => `${taint.key}=${taint.value ?? ''}:${taint.effect}`}
        dataSource={taints}
        pagination={false}
        locale={{ emptyText: t('resources.taints.none') }}
        columns={[
          { key: 'key', title: t('resources.taints.key'), dataIndex: 'key' },
          { key: 'value', title: t('resources.taints.value'), dataIndex: 'value' },
          { key: 'effect', title: t('resources.taints.effect'), dataIndex: 'effect' },
        ]}
      />
      <TaintEditorDialog
        open={editing}
        taints={taints}
        onSave={save}
        onClose={() => setEditing(false)}
      />
    </Card>
  );
}
