import type { RegistryKind } from '@nimbus/api/shared';
import { Alert, Button, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../api/clusterApi';
import { useTestRegistryMutation } from '../../../api/registryApi';
import { resourceNameRules } from '../../../components/admin/adminRules';

export type CredentialField =
  'username' | 'password' | 'accessKeyId' | 'secretAccessKey' | 'caCertificate';

export interface RegistryFormValues {
  name: string;
  host: string;
  description?: string;
  credentials?: Partial<Record<CredentialField, string>>;
}

type TestState =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'passed'; repositories: number }
  | { state: 'failed'; message: string };

const secretFields = new Set<CredentialField>(['password', 'secretAccessKey']);

/** Step two: name, host and the kind's credentials, tested before the wizard may go on. */
export function ConfigurationStep(props: {
  kind: RegistryKind;
  hostExample: string;
  fields: readonly CredentialField[];
  organizationId: string;
  submitting: boolean;
  onBack: () => void;
  onSubmit: (values: RegistryFormValues) => void;
}) {
  const { t } = useTranslation();
  const { kind, organizationId } = props;
  const [form] = Form.useForm<RegistryFormValues>();
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [testRegistry] = useTestRegistryMutation();

  const runTest = async () => {
    let values: RegistryFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setTest({ state: 'testing' });
    try {
      const { repositoryCount } = await testRegistry({ ...values, kind, organizationId }).unwrap();
      setTest({ state: 'passed', repositories: repositoryCount });
    } catch (error) {
      setTest({ state: 'failed', message: failureMessage(error) });
    }
  };

  return (
    <Form<RegistryFormValues>
      form={form}
      layout="vertical"
      name="registry-configuration"
      style={{ maxWidth: 640 }}
      onValuesChange={() => setTest({ state: 'idle' })}
      onFinish={props.onSubmit}
    >
      <Form.Item
        name="name"
        label={t('registries.name')}
        rules={resourceNameRules(t, t('registries.validation.required'))}
      >
        <Input data-testid="registry-name" />
      </Form.Item>
      <Form.Item
        name="host"
        label={t('registries.host')}
        rules={[{ required: true, message: t('registries.validation.required') }]}
      >
        <Input data-testid="registry-host" placeholder={props.hostExample} />
      </Form.Item>
      <Form.Item name="description" label={t('registries.description')}>
        <Input />
      </Form.Item>
      {props.fields.map((field) => (
        <Form.Item
          key={field}
          name={['credentials', field]}
          label={t(`registries.fields.${field}`)}
        >
          {field === 'caCertificate' ? (
            <Input.TextArea
              rows={4}
              data-testid={`registry-${field}`}
              placeholder="-----BEGIN CERTIFICATE-----"
            />
          ) : secretFields.has(field) ? (
            <Input.Password data-testid={`registry-${field}`} autoComplete="new-password" />
          ) : (
            <Input data-testid={`registry-${field}`} autoComplete="off" />
          )}
        </Form.Item>
      ))}
      {test.state === 'passed' && (
        <Alert
          type="success"
          showIcon
          data-testid="registry-test-result"
          title={t('registries.testPassed', { count: test.repositories })}
          style={{ marginBottom: 16 }}
        />
      )}
      {test.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="registry-test-result"
          title={t('registries.testFailed')}
          description={test.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex justify="space-between">
        <Button onClick={props.onBack}>{t('registries.back')}</Button>
        <Space>
          <Button
            data-testid="registry-test"
            loading={test.state === 'testing'}
            onClick={() => void runTest()}
          >
            {t('registries.test')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            data-testid="registry-submit"
            disabled={test.state !== 'passed'}
            loading={props.submitting}
          >
            {t('registries.save')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}
