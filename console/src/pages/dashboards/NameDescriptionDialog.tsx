import { Button, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceNameRules } from '../../components/forms/nameRules';
import { useSubmit } from '../../components/admin/useSubmit';

export interface NameDescriptionValues {
  name: string;
  description?: string;
}

export interface NameDescriptionDialogProps<V extends NameDescriptionValues> {
  open: boolean;
  title: string;
  /** Values of the object being edited; its name then cannot change. */
  initial?: V | undefined;
  /** Form items between the name and the description. */
  children?: ReactNode;
  save: (values: V) => Promise<unknown>;
  onClose: () => void;
}

/** A small create/edit dialog of a named object with a description (categories, dashboards). */
export function NameDescriptionDialog<V extends NameDescriptionValues>({
  open,
  title,
  initial,
  children,
  save,
  onClose,
}: NameDescriptionDialogProps<V>) {
  const { t } = useTranslation();
  const { submitting, onFinish } = useSubmit((values: V) => save(values), onClose);
  return (
    <Modal open={open} title={title} footer={null} onCancel={onClose} destroyOnHidden>
      <Form<V> layout="vertical" initialValues={initial} onFinish={onFinish}>
        <Form.Item
          name="name"
          label={t('dashboards.common.name')}
          rules={resourceNameRules(t, t('dashboards.common.nameRequired'))}
        >
          <Input autoFocus disabled={initial !== undefined} />
        </Form.Item>
        {children}
        <Form.Item name="description" label={t('dashboards.common.description')}>
          <Input.TextArea rows={3} maxLength={1024} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('dashboards.common.save')}
        </Button>
      </Form>
    </Modal>
  );
}
