import { Form, Modal, type FormInstance } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The create/edit dialog of the alarm settings: fills the form from the item being edited (or
 * the defaults) each time it opens, validates, saves, and closes only after a successful save
 * (a failed one was already reported by the base query).
 */
export function AlarmFormDialog<Item, Values>(props: {
  form: FormInstance<Values>;
  testId: string;
  title: string;
  open: boolean;
  saving: boolean;
  /** The edited item, undefined when creating. */
  item: Item | undefined;
  /** The form's values for the item; stable (module level), as it is an effect dependency. */
  valuesOf: (item: Item | undefined) => Partial<Values>;
  save: (values: Values) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, open, item, valuesOf } = props;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(item) as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, open, item, valuesOf]);

  const submit = async () => {
    await props.save(await form.validateFields());
    props.onClose();
  };

  return (
    <Modal
      open={open}
      title={props.title}
      okText={t('alarmSettings.save')}
      cancelText={t('alarmSettings.cancel')}
      confirmLoading={props.saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={props.onClose}
      width={props.width}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid={props.testId} autoComplete="off">
        {props.children}
      </Form>
    </Modal>
  );
}
