import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { IdentityProviderView } from '@nimbus/api';
import { issuerUrlPattern } from '@nimbus/api/shared';
import { Button, Divider, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveIdentityProviderMutation } from '../../../api/identityProviderApi';
import { resourceNameRules } from '../../../components/forms/nameRules';
import { AlarmFormDialog } from '../alarms/AlarmFormDialog';
import { bodyOf, valuesOf, type ProviderFormValues } from './providerForm';

const CLAIMS = ['userName', 'displayName', 'email', 'groups'] as const;

/**
 * Adds or changes an identity provider. The client secret is write-only: never shown; left
 * empty on edit the stored one is kept, unless the issuer changes (then it must be given).
 */
export function IdentityProviderDialog(props: {
  provider: IdentityProviderView | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderFormValues>();
  const [save, { isLoading }] = useSaveIdentityProviderMutation();
  const editing = props.provider !== undefined;
  const required = { required: true, message: t('admin.identityProviders.required') };

  return (
    <AlarmFormDialog
      form={form}
      testId="identity-provider-form"
      title={t(editing ? 'admin.identityProviders.edit' : 'admin.identityProviders.create')}
      open={props.open}
      saving={isLoading}
      item={props.provider}
      valuesOf={valuesOf}
      save={(values) => save({ existing: editing, body: bodyOf(values) }).unwrap()}
      onClose={props.onClose}
      width={720}
    >
      <Form.Item
        name="name"
        label={t('admin.identityProviders.name')}
        rules={resourceNameRules(t, t('admin.identityProviders.required'))}
      >
        <Input data-testid="idp-name" disabled={editing} />
      </Form.Item>
      <Form.Item
        name="displayName"
        label={t('admin.identityProviders.displayName')}
        extra={t('admin.identityProviders.displayNameHint')}
        rules={[required]}
      >
        <Input data-testid="idp-display-name" maxLength={63} />
      </Form.Item>
      <Form.Item
        name="issuer"
        label={t('admin.identityProviders.issuer')}
        rules={[
          required,
          {
            pattern: issuerUrlPattern,
            // Checked as sent: bodyOf trims what was pasted around the URL.
            transform: (value?: string) => value?.trim(),
            message: t('admin.identityProviders.issuerInvalid'),
          },
        ]}
      >
        <Input data-testid="idp-issuer" placeholder="https://login.example.com/realms/corp" />
      </Form.Item>
      <Form.Item name="clientId" label={t('admin.identityProviders.clientId')} rules={[required]}>
        <Input data-testid="idp-client-id" />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label={t('admin.identityProviders.clientSecret')}
        extra={
          props.provider?.clientSecretSet
            ? t('admin.identityProviders.secretKept')
            : t('admin.identityProviders.secretHint')
        }
        rules={editing ? [] : [required]}
      >
        <Input.Password data-testid="idp-client-secret" autoComplete="new-password" />
      </Form.Item>
      {props.provider && (
        <Typography.Paragraph type="secondary" data-testid="idp-redirect-uri">
          {t('admin.identityProviders.redirectUri')}{' '}
          <Typography.Text copyable code>
            {props.provider.redirectUri}
          </Typography.Text>
        </Typography.Paragraph>
      )}
      <Form.Item
        name="scopes"
        label={t('admin.identityProviders.scopes')}
        extra={t('admin.identityProviders.scopesHint')}
      >
        <Select mode="tags" data-testid="idp-scopes" tokenSeparators={[' ', ',']} />
      </Form.Item>
      <Space wrap>
        {CLAIMS.map((claim) => (
          <Form.Item
            key={claim}
            name={['claims', claim]}
            label={t(`admin.identityProviders.claims.${claim}`)}
            rules={[required]}
          >
            <Input data-testid={`idp-claim-${claim}`} />
          </Form.Item>
        ))}
      </Space>
      <Form.Item
        name="enabled"
        label={t('admin.identityProviders.enabled')}
        valuePropName="checked"
      >
        <Switch data-testid="idp-enabled" />
      </Form.Item>
      <Divider titlePlacement="start">{t('admin.identityProviders.mappings')}</Divider>
      <Typography.Paragraph type="secondary">
        {t('admin.identityProviders.mappingsHint')}
      </Typography.Paragraph>
      <Form.List name="groupMappings">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item name={[field.name, 'group']} rules={[required]}>
                  <Input placeholder={t('admin.identityProviders.group')} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'organization']}
                  rules={resourceNameRules(t, t('admin.identityProviders.required'))}
                >
                  <Input placeholder={t('admin.identityProviders.organization')} />
                </Form.Item>
                <Form.Item name={[field.name, 'userGroup']}>
                  <Input placeholder={t('admin.identityProviders.userGroup')} />
                </Form.Item>
                <MinusCircleOutlined
                  aria-label={t('admin.identityProviders.removeMapping')}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ group: '', organization: '' })}
            >
              {t('admin.identityProviders.addMapping')}
            </Button>
          </>
        )}
      </Form.List>
    </AlarmFormDialog>
  );
}
