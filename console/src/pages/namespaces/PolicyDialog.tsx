import { App, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PolicyDialogProps<V> {
  title: string;
  testId: string;
  initialValues: V;
  /** Sends the values; a rejection keeps the dialog open (the base query told the user why). */
  onSave: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** The edit dialog of a namespace's resource quota or limit range; mounted only while open. */
export function PolicyDialog<V extends object>(props: PolicyDialogProps<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);

  const save = async (values: V) => {
    setSaving(true);
    try {
      await props.onSave(values);
    } catch {
      setSaving(false);
      return;
    }
    setSaving(false);
    void message.success(t('admin.common.operationSucceeded'));
    props.onClose();
  };

  return (
    <Modal
      open
      title={props.title}
      okText={t('namespaces.detail.save')}
      cancelText={t('namespaces.form.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      width={720}
    >
      <Form<V>
        form={form}
        layout="vertical"
        name={props.testId}
        data-testid={props.testId}
        initialValues={props.initialValues}
        onFinish={(values) => void save(values)}
        preserve={false}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
