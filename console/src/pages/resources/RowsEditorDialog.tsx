import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Space } from 'antd';
import type { FormInstance, FormListFieldData } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowsEditorDialogProps<Row> {
  open: boolean;
  title: string;
  rows: Row[];
  /** What "add" appends. */
  newRow: Row;
  addLabel: string;
  testId: string;
  width: number;
  /** The fields of one row; `form` lets a rule look at the other rows. */
  renderFields: (
    field: FormListFieldData,
    index: number,
    form: FormInstance<{ rows: Row[] }>,
  ) => ReactNode;
  /** Shown above the rows, e.g. buttons that fill rows in (`form` holds them). */
  header?: (form: FormInstance<{ rows: Row[] }>) => ReactNode;
  /** Saves every row at once; a rejection keeps the dialog open. */
  onSave: (rows: Row[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A dialog editing a list of rows that is saved as a whole (labels, annotations, taints):
 * validation on save, a loading OK button, and errors left to the base query's notification.
 */
export function RowsEditorDialog<Row>(props: RowsEditorDialogProps<Row>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ rows: Row[] }>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let rows: Row[];
    try {
      rows = (await form.validateFields()).rows ?? [];
    } catch {
      return;
    }
    setSaving(true);
    try {
      await props.onSave(rows);
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
      width={props.width}
    >
      <Form
        form={form}
        initialValues={{ rows: props.rows }}
        preserve={false}
        data-testid={props.testId}
      >
        {props.header?.(form)}
        <Form.List name="rows">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  {props.renderFields(field, index, form)}
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
                onClick={() => add(props.newRow)}
              >
                {props.addLabel}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
