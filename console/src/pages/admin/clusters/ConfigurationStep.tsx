import type { ProviderKind } from '@nimbus/api/shared';
import { Alert, Button, Flex, Form, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestClusterMutation } from '../../../api/clusterApi';
import { failureMessage } from '../../../feedback/serverMessage';
import { PROVIDER_FIELDS } from '../../../clusters/providerFields';
import { resourceNameRules } from '../../../components/forms/nameRules';
import { testBodyOf, type ClusterFormValues } from './clusterPayload';
import { CommandRegistration } from './CommandRegistration';
import { CredentialFields } from './CredentialFields';

type TestState =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'passed'; version: string }
  | { state: 'failed'; message: string };

interface ConfigurationStepProps {
  kind: ProviderKind;
  organizationId: string;
  /** The name of the cluster being edited; its name cannot change. */
  editing?: string;
  initialValues?: Partial<ClusterFormValues>;
  onBack?: () => void;
  /** `registered`: the cluster exists already (registered with a command). */
  onNext: (values: ClusterFormValues, registered?: boolean) => void;
}

/** How a kubeconfig cluster is connected: an uploaded kubeconfig, or a one-time command. */
type Connect = 'kubeconfig' | 'command';

/** Step two: the cluster's settings and credentials, tested before the wizard may go on. */
export function ConfigurationStep(props: ConfigurationStepProps) {
  const { t } = useTranslation();
  const { kind, organizationId, editing } = props;
  const [form] = Form.useForm<ClusterFormValues>();
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [connect, setConnect] = useState<Connect>('kubeconfig');
  const [registered, setRegistered] = useState<string>();
  const byCommand = kind === 'ProviderKubeconfig' && editing === undefined && connect === 'command';
  const [testCluster] = useTestClusterMutation();
  const fields = PROVIDER_FIELDS[kind];
  // Any change makes the last result stale: Next needs a test of what will be submitted.
  const resetTest = () => setTest({ state: 'idle' });

  const runTest = async () => {
    let values: ClusterFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setTest({ state: 'testing' });
    // Without new credentials an edit tests the stored configuration.
    const body = testBodyOf(kind, values, organizationId);
    try {
      const { kubernetesVersion } = await testCluster({
        kind,
        cluster: values.name,
        ...body,
      }).unwrap();
      setTest({ state: 'passed', version: kubernetesVersion });
    } catch (error) {
      setTest({ state: 'failed', message: failureMessage(error, t) });
    }
  };

  return (
    <Form<ClusterFormValues>
      form={form}
      layout="vertical"
      name="cluster-configuration"
      initialValues={props.initialValues}
      onValuesChange={resetTest}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="name"
        label={t('admin.common.name')}
        rules={resourceNameRules(t, t('admin.validation.nameRequired'))}
      >
        <Input
          disabled={editing !== undefined}
          placeholder={t('admin.common.namePlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item
        name="region"
        label={t('admin.clusters.region')}
        rules={[{ required: true, whitespace: true, message: t('admin.clusters.regionRequired') }]}
      >
        <Input placeholder={t('admin.clusters.regionPlaceholder')} autoComplete="off" />
      </Form.Item>
      {fields.vendorProjectId && (
        <Form.Item
          name="vendorProjectId"
          label={t('admin.clusters.vendorProjectId')}
          rules={[{ required: true, whitespace: true, message: t('admin.clusters.idRequired') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      )}
      {fields.vendorClusterId && (
        <Form.Item
          name="vendorClusterId"
          label={t('admin.clusters.vendorClusterId')}
          rules={[{ required: true, whitespace: true, message: t('admin.clusters.idRequired') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      )}
      {kind === 'ProviderKubeconfig' && editing === undefined && (
        <Form.Item label={t('admin.clusters.command.how')}>
          <Segmented<Connect>
            data-testid="cluster-connect-choice"
            // Named for screen readers, else the group is "segmented control" in every language.
            aria-label={t('admin.clusters.command.how')}
            value={connect}
            disabled={registered !== undefined}
            onChange={setConnect}
            options={[
              { value: 'kubeconfig', label: t('admin.clusters.command.kubeconfig') },
              { value: 'command', label: t('admin.clusters.command.command') },
            ]}
          />
        </Form.Item>
      )}
      {byCommand ? (
        <CommandRegistration
          form={form}
          organizationId={organizationId}
          onRegistered={setRegistered}
        />
      ) : (
        <CredentialFields
          kind={kind}
          form={form}
          editing={editing !== undefined}
          onUploaded={resetTest}
        />
      )}
      <Flex vertical gap="small">
        {!byCommand && (
          <Button
            style={{ alignSelf: 'flex-start' }}
            data-testid="cluster-test-button"
            loading={test.state === 'testing'}
            onClick={() => void runTest()}
          >
            {t('admin.clusters.testConnection')}
          </Button>
        )}
        <div data-testid="cluster-test-result" aria-live="polite">
          {test.state === 'passed' && (
            <Alert
              type="success"
              showIcon
              title={t('admin.clusters.testPassed', { version: test.version })}
            />
          )}
          {test.state === 'failed' && (
            <Alert
              type="error"
              showIcon
              title={t('admin.clusters.testFailed')}
              description={test.message}
            />
          )}
        </div>
        <Space>
          {props.onBack && <Button onClick={props.onBack}>{t('admin.clusters.previous')}</Button>}
          <Button
            type="primary"
            disabled={byCommand ? registered === undefined : test.state !== 'passed'}
            onClick={() => props.onNext(form.getFieldsValue(true) as ClusterFormValues, byCommand)}
          >
            {t('admin.clusters.next')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}
