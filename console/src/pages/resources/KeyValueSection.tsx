import type { MapField, ResourceAddress } from '../../apiClient/requestArgs';
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateResourceMapMutation } from '../../api/resourceApi';
import { visibleEntries } from '../../resources/keyValues';
import { METRIC_TEMPLATE_PLURALS } from '../../resources/metricTemplates';
import { KeyValueEditorDialog } from './KeyValueEditorDialog';
import { KeyValueList } from './KeyValueList';

export interface KeyValueSectionProps {
  address: ResourceAddress;
  field: MapField;
  values: Record<string, string> | undefined;
  /** False when the caller may not edit the object: the edit button is left out. */
  editable?: boolean;
}

/** A detail page's labels or annotations with their editor; saving replaces the whole map. */
export function KeyValueSection({ address, field, values, editable = true }: KeyValueSectionProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [update] = useUpdateResourceMapMutation();
  const entries = visibleEntries(values);
  const title = t(field === 'labels' ? 'resources.detail.labels' : 'resources.detail.annotations');
  const editLabel = t(
    field === 'labels' ? 'resources.detail.editLabels' : 'resources.detail.editAnnotations',
  );

  const save = async (next: Record<string, string>) => {
    await update({ address, field, values: next }).unwrap();
    void message.success(t('resources.confirm.succeeded'));
  };

  return (
    <Card
      size="small"
      title={title}
      data-testid={`resource-${field}`}
      extra={
        editable && (
          <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
            {editLabel}
          </Button>
        )
      }
    >
      <KeyValueList entries={entries} testId={`resource-${field}-list`} />
      <KeyValueEditorDialog
        open={editing}
        title={editLabel}
        entries={entries}
        onSave={save}
        onClose={() => setEditing(false)}
        metricTemplates={
          field === 'annotations' && METRIC_TEMPLATE_PLURALS.includes(address.plural)
        }
      />
    </Card>
  );
}
