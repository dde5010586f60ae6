import type { ClusterLocation } from '@nimbus/api';
import { pathTypes } from '@nimbus/api/shared';
import { Divider, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateIngressMutation, useListSecretsQuery } from '../../api/resourceFormsApi';
import { CardList } from './CardList';
import { CreateFormFrame } from './CreateFormFrame';
import { hostRule, portOrNameRule, requiredRule, subPathRule } from './formRules';
import { ingressRequest, type IngressFormValues } from './ingressValues';
import { createdTarget, type CreateFormProps } from './ResourceFormPage';
import { useCreateSubmit } from './useCreateSubmit';

/** The namespace's TLS secrets (kubernetes.io/tls), the choices for HTTPS. */
function TlsSecretSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<IngressFormValues>();
  const location = Form.useWatch<ClusterLocation | undefined>('location', form);
  const namespace = Form.useWatch<string | undefined>('namespace', form);
  const { currentData, isFetching } = useListSecretsQuery(
    { ...(location ?? { vendor: '', region: '', cluster: '' }), namespace: namespace ?? '' },
    { skip: !location || !namespace },
  );
  const options = (currentData ?? [])
    .filter((secret) => secret.type === 'kubernetes.io/tls')
    .map((secret) => ({ value: secret.metadata.name, label: secret.metadata.name }));
  return (
    <Select
      {...props}
      showSearch
      loading={isFetching}
      options={options}
      placeholder={t('resourceForms.ingress.tlsSecretPlaceholder')}
      notFoundContent={t('resourceForms.ingress.noTlsSecrets')}
    />
  );
}

/** The Ingress form: HTTPS on or off (with a TLS secret), and rules: host + sub path → service. */
export function IngressForm({ onCreated }: CreateFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IngressFormValues>();
  const https = Form.useWatch('https', form) ?? false;
  const [createIngress] = useCreateIngressMutation();
  const { submitting, onFinish, dirty, markDirty } = useCreateSubmit(
    form,
    async (values: IngressFormValues) => {
      const body = ingressRequest(values);
      await createIngress(body).unwrap();
      return createdTarget('Ingress', body);
    },
    onCreated,
  );
  return (
    <CreateFormFrame<IngressFormValues>
      form={form}
      kind="Ingress"
      namespaced
      submitting={submitting}
      dirty={dirty}
      onChange={markDirty}
      onFinish={onFinish}
      initialValues={{ https: false, rules: [{ path: '/', pathType: 'Prefix' }] }}
    >
      <Form.Item name="ingressClassName" label={t('resourceForms.ingress.className')}>
        <Input autoComplete="off" placeholder="nginx" />
      </Form.Item>
      <Form.Item name="https" label={t('resourceForms.ingress.https')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {https && (
        <Form.Item
          name="tlsSecretName"
          label={t('resourceForms.ingress.tlsSecret')}
          rules={[{ required: true, message: t('resourceForms.validation.tlsSecret') }]}
        >
          <TlsSecretSelect />
        </Form.Item>
      )}
      <Divider titlePlacement="start">{t('resourceForms.ingress.rules')}</Divider>
      <CardList
        name="rules"
        title={(index) => t('resourceForms.ingress.rule', { index })}
        addLabel={t('resourceForms.ingress.addRule')}
        blank={{ path: '/', pathType: 'Prefix' }}
        keepOne
      >
        {(field) => (
          <Space wrap align="start">
            <Form.Item
              name={[field, 'host']}
              label={t('resourceForms.ingress.host')}
              rules={[hostRule(t)]}
            >
              <Input autoComplete="off" placeholder="shop.example.com" />
            </Form.Item>
            <Form.Item
              name={[field, 'path']}
              label={t('resourceForms.ingress.subPath')}
              rules={[subPathRule(t)]}
            >
              <Input autoComplete="off" placeholder="/" />
            </Form.Item>
            <Form.Item name={[field, 'pathType']} label={t('resourceForms.ingress.pathType')}>
              <Select
                style={{ width: 200 }}
                options={pathTypes.map((value) => ({ value, label: value }))}
              />
            </Form.Item>
            <Form.Item
              name={[field, 'serviceName']}
              label={t('resourceForms.ingress.service')}
              rules={[requiredRule(t)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name={[field, 'servicePort']}
              label={t('resourceForms.ingress.servicePort')}
              rules={[requiredRule(t), portOrNameRule(t)]}
            >
              <Input autoComplete="off" placeholder="80" />
            </Form.Item>
          </Space>
        )}
      </CardList>
    </CreateFormFrame>
  );
}
