import type { ChartSourceView } from '@nimbus/api';
import { OrganizationNote } from '../../../components/forms/OrganizationNote';
import {
  chartSourceAddress,
  chartSourceTypes,
  sameAddress,
  type ChartSourceType,
} from '@nimbus/api/shared';
import { Alert, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useCreateChartSourceMutation,
  useTestChartSourceMutation,
  useUpdateChartSourceMutation,
} from '../../../api/chartSourceApi';
import { resourceNameRules } from '../../../components/forms/nameRules';
import { CredentialFields } from '../../../components/forms/CredentialFields';
import { PlainHttpField } from '../../../components/forms/PlainHttpField';
import { useConnectionTest } from '../../../components/admin/useConnectionTest';
import { useSubmit } from '../../../components/admin/useSubmit';
import { withoutEmptyCredentials } from '../../../components/forms/withoutEmptyCredentials';

export interface ChartSourceFormValues {
  name: string;
  type: ChartSourceType;
  url: string;
  plainHttp?: boolean;
  description?: string;
  credentials?: { username?: string; password?: string; caCertificate?: string };
}

/**
 * Adds or changes a chart source: saved only after a passing connection test of exactly what is
 * saved. Credentials are write-only: an edit starts with them empty and keeps the stored ones.
 */
export function ChartSourceForm(props: {
  organizationId: string;
  existing?: ChartSourceView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { organizationId, existing } = props;
  const [form] = Form.useForm<ChartSourceFormValues>();
  const [testSource] = useTestChartSourceMutation();
  const [createSource] = useCreateChartSourceMutation();
  const [updateSource] = useUpdateChartSourceMutation();
  const type = Form.useWatch('type', form);
  const url = Form.useWatch('url', form);
  const plainHttp = Form.useWatch('plainHttp', form);
  // A stored login goes only to the address it was given for: a new one needs it again.
  const credentialsAgain =
    existing?.credentialsSet === true &&
    url !== undefined &&
    !sameAddress(
      chartSourceAddress({ type: type ?? existing.type, url, plainHttp }),
      chartSourceAddress(existing),
    );

  const { submitting, onFinish } = useSubmit(async (values: ChartSourceFormValues) => {
    const body = { ...withoutEmptyCredentials(values), organizationId };
    return (existing ? updateSource(body) : createSource(body)).unwrap();
  }, props.onClose);

  const { test, runTest, reset } = useConnectionTest(form, async (values) => {
    const { chartCount } = await testSource({
      ...withoutEmptyCredentials(values),
      organizationId,
      ...(existing ? { name: existing.name } : {}),
    }).unwrap();
    return chartCount;
  });

  const required = { required: true, message: t('chartSources.required') };
  return (
    <Modal
      open
      width={640}
      title={
        existing ? t('chartSources.editTitle', { name: existing.name }) : t('chartSources.addTitle')
      }
      onCancel={props.onClose}
      footer={
        <Space>
          <Button onClick={props.onClose}>{t('chartSources.cancel')}</Button>
          <Button
            data-testid="chart-source-test"
            loading={test.state === 'testing'}
            onClick={() => void runTest()}
          >
            {t('chartSources.test')}
          </Button>
          <Button
            type="primary"
            data-testid="chart-source-submit"
            disabled={test.state !== 'passed'}
            loading={submitting}
            onClick={() => form.submit()}
          >
            {t('chartSources.save')}
          </Button>
        </Space>
      }
    >
      <Form<ChartSourceFormValues>
        form={form}
        layout="vertical"
        name="chart-source"
        initialValues={
          existing
            ? {
                name: existing.name,
                type: existing.type,
                url: existing.url,
                plainHttp: existing.plainHttp,
                description: existing.description,
              }
            : { type: 'OCI', plainHttp: false }
        }
        onValuesChange={reset}
        onFinish={onFinish}
      >
        <Form.Item>
          <OrganizationNote />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('chartSources.name')}
          rules={resourceNameRules(t, t('chartSources.required'))}
        >
          <Input data-testid="chart-source-name" disabled={existing !== undefined} />
        </Form.Item>
        <Form.Item name="type" label={t('chartSources.type')} rules={[required]}>
          <Select
            data-testid="chart-source-type"
            options={chartSourceTypes.map((value) => ({
              value,
              label: t(`chartSources.types.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="url" label={t('chartSources.url')} rules={[required]}>
          <Input
            data-testid="chart-source-url"
            placeholder={
              type === 'ChartRepository'
                ? 'https://charts.example.com/stable'
                : 'oci://registry.example.com/charts'
            }
          />
        </Form.Item>
        {type !== 'ChartRepository' && (
          <PlainHttpField
            label={t('chartSources.plainHttp')}
            help={t('chartSources.plainHttpHelp')}
            testId="chart-source-plain-http"
          />
        )}
        <Form.Item name="description" label={t('chartSources.description')}>
          <Input />
        </Form.Item>
        <CredentialFields
          fields={[
            {
              name: 'username',
              label: t('chartSources.username'),
              input: 'text',
              testId: 'chart-source-username',
            },
            {
              name: 'password',
              label: t('chartSources.password'),
              input: 'password',
              testId: 'chart-source-password',
            },
            { name: 'caCertificate', label: t('chartSources.caCertificate'), input: 'certificate' },
          ]}
          kept={existing?.credentialsSet === true}
          keptMessage={t('chartSources.credentialsKept')}
          credentialsAgain={credentialsAgain}
          certificateRows={3}
        />
        {test.state === 'passed' && (
          <Alert
            type="success"
            showIcon
            data-testid="chart-source-test-result"
            title={t('chartSources.testPassed', { count: test.count })}
          />
        )}
        {test.state === 'failed' && (
          <Alert
            type="error"
            showIcon
            data-testid="chart-source-test-result"
            title={t('chartSources.testFailed')}
            description={test.message}
          />
        )}
      </Form>
    </Modal>
  );
}
