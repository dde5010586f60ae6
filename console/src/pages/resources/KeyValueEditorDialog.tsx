import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entriesToMap, type KeyValueEntry } from '../../resources/keyValues';

export interface KeyValueEditorDialogProps {
  open: boolean;
  title: string;
  /** The visible entries (last-applied already hidden). */
  entries: KeyValueEntry[];
  /** Saves the whole map; a rejection keeps the dialog open. */
  onSave: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
}

interface EditorValues {
  entries: KeyValueEntry[];
}

/** SPEC §5's annotation/label editor: key and value are required, checked on blur. */
export function KeyValueEditorDialog(props: KeyValueEditorDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: EditorValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await props.onSave(entriesToMap(values.entries ?? []));
      props.onClose();
    } catch {
      // Reported by the base query; the user may retry.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('resources.editor.save')}
      cancelText={t('resources.confirm.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={props.onClose}
      destroyOnHidden
      width={640}
    >
      <Form<EditorValues>
        form={form}
        initialValues={{ entries: props.entries }}
        data-testid="key-value-editor"
        preserve={false}
      >
        <Form.List name="entries">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[field.name, 'key']}
                    validateTrigger="onBlur"
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: t('resources.editor.keyRequired'),
                      },
                      {
                        validator: (_rule, value: string | undefined) => {
                          const all: KeyValueEntry[] = form.getFieldValue('entries') ?? [];
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
                      {
                        required: true,
                        whitespace: true,
                        message: t('resources.editor.valueRequired'),
                      },
                    ]}
                  >
                    <Input.TextArea
                      autoSize={{ minRows: 1, maxRows: 6 }}
                      style={{ width: 320 }}
                      aria-label={t('resources.editor.valueLabel', { index: index + 1 })}
                      placeholder={t('resources.editor.value')}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    aria-label={t('resources.editor.remove', { index: index + 1 })}
                    icon={<MinusCircleOutlined aria-hidden />}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ key: '', value: '' })}
              >
                {t('resources.editor.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
