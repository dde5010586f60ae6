import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAINT_EFFECTS, type Taint } from '../../api/nodeApi';

export interface TaintEditorDialogProps {
  open: boolean;
  taints: Taint[];
  /** Saves the whole list; a rejection keeps the dialog open. */
  onSave: (taints: Taint[]) => Promise<unknown>;
  onClose: () => void;
}

interface TaintRow {
  key: string;
  value?: string;
  effect?: Taint['effect'];
}

/** Kubernetes' qualified-name rule for taint keys: an optional DNS prefix and a name. */
const TAINT_KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const TAINT_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

const toTaint = ({ key, value, effect }: TaintRow): Taint => ({
  key: key.trim(),
  ...(value?.trim() ? { value: value.trim() } : {}),
  effect: effect ?? 'NoSchedule',
});

/** Edits a node's taints (key, optional value, effect); saving replaces the whole list. */
export function TaintEditorDialog(props: TaintEditorDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ taints: TaintRow[] }>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let rows: TaintRow[];
    try {
      rows = (await form.validateFields()).taints ?? [];
    } catch {
      return;
    }
    setSaving(true);
    try {
      await props.onSave(rows.map(toTaint));
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
      title={t('resources.taints.edit')}
      okText={t('resources.editor.save')}
      cancelText={t('resources.confirm.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={props.onClose}
      destroyOnHidden
      width={720}
    >
      <Form
        form={form}
        initialValues={{ taints: props.taints }}
        preserve={false}
        data-testid="taint-editor"
      >
        <Form.List name="taints">
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
                        message: t('resources.taints.keyRequired'),
                      },
                      { pattern: TAINT_KEY, message: t('resources.taints.keyInvalid') },
                    ]}
                  >
                    <Input
                      aria-label={t('resources.taints.keyLabel', { index: index + 1 })}
                      placeholder={t('resources.taints.key')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'value']}
                    validateTrigger="onBlur"
                    rules={[{ pattern: TAINT_VALUE, message: t('resources.taints.valueInvalid') }]}
                  >
                    <Input
                      aria-label={t('resources.taints.valueLabel', { index: index + 1 })}
                      placeholder={t('resources.taints.value')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'effect']}
                    rules={[{ required: true, message: t('resources.taints.effectRequired') }]}
                  >
                    <Select
                      aria-label={t('resources.taints.effectLabel', { index: index + 1 })}
                      placeholder={t('resources.taints.effect')}
                      style={{ width: 180 }}
                      options={TAINT_EFFECTS.map((effect) => ({ value: effect, label: effect }))}
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
                {t('resources.taints.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
