import { registryServerPattern } from '@nimbus/api/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CardList } from './CardList';
import { fileNameRules, requiredRule } from './formRules';

/** The data items: each a file name (unique within the object) and its content. */
export function DataItemsFields() {
  const { t } = useTranslation();
  return (
    <CardList
      name="items"
      title={(index) => t('resourceForms.data.item', { index })}
      addLabel={t('resourceForms.data.add')}
      blank={{ fileName: '', content: '' }}
    >
      {(field, all) => (
        <>
          <Form.Item
            name={[field, 'fileName']}
            label={t('resourceForms.data.fileName')}
            rules={fileNameRules(t, field)}
            dependencies={all.map((other) => ['items', other, 'fileName'])}
          >
            <Input autoComplete="off" placeholder="app.properties" />
          </Form.Item>
          <Form.Item name={[field, 'content']} label={t('resourceForms.data.content')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
          </Form.Item>
        </>
      )}
    </CardList>
  );
}

/** A TLS secret's certificate and private key (PEM). */
export function TlsFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['tls', 'cert']}
        label={t('resourceForms.tls.cert')}
        rules={[requiredRule(t)]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder="-----BEGIN CERTIFICATE-----"
        />
      </Form.Item>
      <Form.Item name={['tls', 'key']} label={t('resourceForms.tls.key')} rules={[requiredRule(t)]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder="-----BEGIN PRIVATE KEY-----"
        />
      </Form.Item>
    </>
  );
}

/** An image-registry secret's server, user and password; the password is only ever sent. */
export function RegistryFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['registry', 'server']}
        label={t('resourceForms.registry.server')}
        rules={[
          requiredRule(t),
          { pattern: registryServerPattern, message: t('resourceForms.validation.registryServer') },
        ]}
      >
        <Input autoComplete="off" placeholder="registry.example.com" />
      </Form.Item>
      <Form.Item
        name={['registry', 'username']}
        label={t('resourceForms.registry.username')}
        rules={[requiredRule(t)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name={['registry', 'password']}
        label={t('resourceForms.registry.password')}
        rules={[{ required: true, message: t('resourceForms.validation.required') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name={['registry', 'email']} label={t('resourceForms.registry.email')}>
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}
