import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { entriesToMap, type KeyValueEntry } from '../../resources/keyValues';
import {
  METRIC_TEMPLATES,
  withTemplate,
  type MetricTemplateId,
} from '../../resources/metricTemplates';
import { RowsEditorDialog } from './RowsEditorDialog';

export interface KeyValueEditorDialogProps {
  open: boolean;
  title: string;
  /** The visible entries (last-applied already hidden). */
  entries: KeyValueEntry[];
  /** Saves the whole map; a rejection keeps the dialog open. */
  onSave: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
  /** Offer the metric-template buttons (workload annotations). */
  metricTemplates?: boolean;
}

const templateIds: readonly MetricTemplateId[] = ['probe', 'metric'];

/** The annotation/label editor: key and value are required, checked on blur. */
export function KeyValueEditorDialog(props: KeyValueEditorDialogProps) {
  const { t } = useTranslation();
  return (
    <RowsEditorDialog<KeyValueEntry>
      open={props.open}
      title={props.title}
      rows={props.entries}
      newRow={{ key: '', value: '' }}
      addLabel={t('resources.editor.add')}
      testId="key-value-editor"
      width={640}
      onSave={(rows) => props.onSave(entriesToMap(rows))}
      onClose={props.onClose}
      header={
        props.metricTemplates
          ? (form) => (
              <Flex gap="small" wrap style={{ marginBottom: 12 }}>
                {templateIds.map((id) => (
                  <Button
                    key={id}
                    size="small"
                    onClick={() =>
                      form.setFieldValue(
                        'rows',
                        withTemplate(form.getFieldValue('rows') ?? [], METRIC_TEMPLATES[id]),
                      )
                    }
                  >
                    {t(`metricTemplates.${id}`)}
                  </Button>
                ))}
              </Flex>
            )
          : undefined
      }
      renderFields={(field, index, form) => (
        <>
          <Form.Item
            name={[field.name, 'key']}
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: t('resources.editor.keyRequired') },
              {
                validator: (_rule, value: string | undefined) => {
                  const all: KeyValueEntry[] = form.getFieldValue('rows') ?? [];
                  const same = all.filter((entry) => entry?.key?.trim() === value?.trim());
                  return value && same.length > 1
                    ? Promise.reject(new Error(t('resources.editor.keyDuplicate')))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              aria-label={t('resources.editor.keyLabel', { index: index + 1 })}
              placeholder={t('resources.editor.key')}
            />
          </Form.Item>
          <Form.Item
            name={[field.name, 'value']}
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: t('resources.editor.valueRequired') },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 6 }}
              style={{ width: 320 }}
              aria-label={t('resources.editor.valueLabel', { index: index + 1 })}
              placeholder={t('resources.editor.value')}
            />
          </Form.Item>
        </>
      )}
    />
  );
}
