import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from './formRules';

/** Rows of key and value: a service's pod selector, a storage class's parameters. */
export function KeyValueRows({
  name,
  addLabel,
  optional = false,
}: {
  name: string;
  addLabel: string;
  /** Without rows is fine (storage class parameters); otherwise at least one. */
  optional?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: async (_rule, rows?: unknown[]) => {
            if (!optional && (!rows || rows.length === 0))
              throw new Error(t('resourceForms.validation.selector'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="baseline">
              <Form.Item
                name={[field.name, 'key']}
                rules={[requiredRule(t)]}
                aria-label={t('resourceForms.fields.key')}
              >
                <Input placeholder={t('resourceForms.fields.key')} autoComplete="off" />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} aria-label={t('resourceForms.fields.value')}>
                <Input placeholder={t('resourceForms.fields.value')} autoComplete="off" />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('resourceForms.fields.removeRow')}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
          <Button icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
            {addLabel}
          </Button>
        </>
      )}
    </Form.List>
  );
}
