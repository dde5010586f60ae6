import type { RegistryKind } from '@nimbus/api/shared';
import { plainHttpRegistryKinds, registryAddress, sameAddress } from '@nimbus/api/shared';
import { Alert, Button, Flex, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestRegistryMutation } from '../../../api/registryApi';
import { resourceNameRules } from '../../../components/forms/nameRules';
import { CredentialFields } from '../../../components/forms/CredentialFields';
import { PlainHttpField } from '../../../components/forms/PlainHttpField';
import { useConnectionTest } from '../../../components/admin/useConnectionTest';
import { withoutEmptyCredentials } from '../../../components/forms/withoutEmptyCredentials';

export type CredentialField =
  'username' | 'password' | 'accessKeyId' | 'secretAccessKey' | 'caCertificate';

export interface RegistryFormValues {
  name: string;
  host: string;
  description?: string;
  plainHttp?: boolean;
  credentials?: Partial<Record<CredentialField, string>>;
}

const secretFields = new Set<CredentialField>(['password', 'secretAccessKey']);

/** Step two: name, host and the kind's credentials, tested before the wizard may go on. */
export function ConfigurationStep(props: {
  kind: RegistryKind;
  hostExample: string;
  fields: readonly CredentialField[];
  organizationId: string;
  /** Editing a stored registry: its name is fixed and its credentials are kept unless entered. */
  existing?:
    | {
        name: string;
        host: string;
        description?: string | undefined;
        plainHttp?: boolean;
        credentialsSet?: boolean;
      }
    | undefined;
  submitting: boolean;
  onBack: () => void;
  /** An edit has no kind step to go back to. */
  backHidden?: boolean;
  onSubmit: (values: RegistryFormValues) => void;
}) {
  const { t } = useTranslation();
  const { kind, organizationId, existing } = props;
  const [form] = Form.useForm<RegistryFormValues>();
  const [testRegistry] = useTestRegistryMutation();
  const plainHttpAllowed = plainHttpRegistryKinds.includes(kind);
  // Sent always, false where the switch is hidden: a cloud registry is never reached in clear.
  const withPlainHttp = (values: RegistryFormValues): RegistryFormValues => ({
    ...withoutEmptyCredentials(values),
    plainHttp: plainHttpAllowed && values.plainHttp === true,
  });
  const host = Form.useWatch('host', form);
  const plainHttp = Form.useWatch('plainHttp', form) === true && plainHttpAllowed;
  // A stored login goes only to the address it was given for (host, and http or https): a new
  // address needs it again, so turning plain http on never sends the stored login in clear.
  const credentialsAgain =
    existing?.credentialsSet === true &&
    host !== undefined &&
    !sameAddress(registryAddress({ host, plainHttp }), registryAddress(existing));
  const { test, runTest, reset } = useConnectionTest(form, async (values) => {
    const { repositoryCount } = await testRegistry({
      ...withPlainHttp(values),
      kind,
      organizationId,
    }).unwrap();
    return repositoryCount;
  });

  return (
    <Form<RegistryFormValues>
      form={form}
      layout="vertical"
      name="registry-configuration"
      style={{ maxWidth: 640 }}
      initialValues={{ ...existing, plainHttp: existing?.plainHttp ?? false }}
      onValuesChange={reset}
      onFinish={(values) => props.onSubmit(withPlainHttp(values))}
    >
      <Form.Item
        name="name"
        label={t('registries.name')}
        rules={resourceNameRules(t, t('registries.validation.required'))}
      >
        <Input data-testid="registry-name" disabled={existing !== undefined} />
      </Form.Item>
      <Form.Item
        name="host"
        label={t('registries.host')}
        rules={[{ required: true, message: t('registries.validation.required') }]}
      >
        <Input data-testid="registry-host" placeholder={props.hostExample} />
      </Form.Item>
      {plainHttpAllowed && (
        <PlainHttpField
          label={t('registries.plainHttp')}
          help={t('registries.plainHttpHelp')}
          testId="registry-plain-http"
        />
      )}
      <Form.Item name="description" label={t('registries.description')}>
        <Input data-testid="registry-description" />
      </Form.Item>
      <CredentialFields
        fields={props.fields.map((field) => ({
          name: field,
          label: t(`registries.fields.${field}`),
          input:
            field === 'caCertificate'
              ? 'certificate'
              : secretFields.has(field)
                ? 'password'
                : 'text',
          testId: `registry-${field}`,
        }))}
        kept={existing !== undefined && props.fields.length > 0}
        keptMessage={t('registries.credentialsKept')}
        keptTestId="registry-credentials-kept"
        credentialsAgain={credentialsAgain}
        certificateRows={4}
      />
      {test.state === 'passed' && (
        <Alert
          type="success"
          showIcon
          data-testid="registry-test-result"
          title={t('registries.testPassed', { count: test.count })}
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
        {props.backHidden ? (
          <span />
        ) : (
          <Button onClick={props.onBack}>{t('registries.back')}</Button>
        )}
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
            {existing ? t('registries.saveChanges') : t('registries.save')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}
