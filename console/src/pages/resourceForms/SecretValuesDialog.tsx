import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { dataKeyPattern, maxDataKeyLength } from '@nimbus/api/shared';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetSecretKeysQuery, useUpdateSecretValuesMutation } from '../../api/resourceFormsApi';
import type { ActionDialogProps } from '../../resources/descriptors/types';
import { requiredRule } from './formRules';
import { addedKeyTaken, secretValuesChange, type SecretValuesForm } from './secretValues';

/**
 * Changes a secret's values without ever reading them: its keys are listed, a new value
 * replaces one, Remove deletes one, new keys can be added; every other value stays as it is on
 * the cluster (a PATCH of the named keys only).
 */
export function SecretValuesDialog({ context, title, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SecretValuesForm>();
  const [nothing, setNothing] = useState(false);
  const { vendor, region, cluster, name } = context.address;
  const at = { vendor, region, cluster, namespace: context.address.namespace ?? '', name };
  const { data: secret, isLoading } = useGetSecretKeysQuery(at);
  const [update, { isLoading: saving }] = useUpdateSecretValuesMutation();

  const save = async () => {
    if (!(await form.validateFields().catch(() => undefined))) return;
    // Every value, also each row's key, which no field edits.
    const body = secretValuesChange(form.getFieldsValue(true) as SecretValuesForm);
    setNothing(body === undefined);
    if (!body) return;
    try {
      await update({ ...at, body }).unwrap();
    } catch {
      return; // Reported by the base query; the dialog stays open.
    }
    void message.success(t('resources.confirm.succeeded'));
    onClose();
  };

  return (
    <Modal
      open
      title={title}
      width={640}
      okText={t('resourceForms.edit.save')}
      cancelText={t('resourceForms.actions.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'secret-values-save', disabled: !secret }}
    >
      <Typography.Paragraph type="secondary">
        {t('resourceForms.secretValues.help')}
      </Typography.Paragraph>
      {isLoading || !secret ? (
        <Spin />
      ) : (
        <Form<SecretValuesForm>
          form={form}
          layout="vertical"
          initialValues={{ existing: secret.keys.map((key) => ({ key })), added: [] }}
          onValuesChange={() => setNothing(false)}
        >
          <Form.List name="existing">
            {(fields) =>
              fields.map((field) => {
                const key = secret.keys[field.name] ?? '';
                return (
                  <Flex key={field.key} gap="small" align="baseline" data-testid="secret-value-row">
                    <Form.Item
                      name={[field.name, 'value']}
                      label={key}
                      style={{ flex: 1, marginBottom: 8 }}
                    >
                      <Input.Password
                        autoComplete="new-password"
                        placeholder={t('resourceForms.secretValues.unchanged')}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'remove']} valuePropName="checked" noStyle>
                      <Checkbox aria-label={t('resourceForms.fields.removeEntry', { entry: key })}>
                        {t('resourceForms.fields.removeRow')}
                      </Checkbox>
                    </Form.Item>
                  </Flex>
                );
              })
            }
          </Form.List>
          <Form.List name="added">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap="small" align="baseline">
                    <Form.Item
                      name={[field.name, 'key']}
                      label={t('resourceForms.fields.key')}
                      style={{ flex: 1, marginBottom: 8 }}
                      rules={[
                        requiredRule(t),
                        {
                          max: maxDataKeyLength,
                          message: t('resourceForms.validation.fileNameLength'),
                        },
                        {
                          pattern: dataKeyPattern,
                          message: t('resourceForms.validation.fileNamePattern'),
                        },
                        ({ getFieldsValue }) => ({
                          validator: async () => {
                            if (addedKeyTaken(getFieldsValue(true) as SecretValuesForm, index)) {
                              throw new Error(t('resourceForms.secretValues.keyTaken'));
                            }
                          },
                        }),
                      ]}
                    >
                      <Input autoComplete="off" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'value']}
                      label={t('resourceForms.fields.value')}
                      style={{ flex: 1, marginBottom: 8 }}
                      rules={[{ required: true, message: t('resourceForms.validation.required') }]}
                    >
                      <Input.Password autoComplete="new-password" />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('resourceForms.fields.removeRow')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                  {t('resourceForms.secretValues.addKey')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      )}
      {nothing && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="secret-values-nothing"
          title={t('resourceForms.secretValues.nothing')}
        />
      )}
    </Modal>
  );
}
