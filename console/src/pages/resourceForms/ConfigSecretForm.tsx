import { secretTypes, type SecretType } from '@nimbus/api/shared';
import { Divider, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useCreateConfigMapMutation,
  useCreateRegistrySecretMutation,
  useCreateSecretMutation,
} from '../../api/resourceFormsApi';
import { DataItemsFields, RegistryFields, TlsFields } from './ConfigDataFields';
import { configRequest, type ConfigFormValues, type ConfigKind } from './configValues';
import { CreateFormFrame } from './CreateFormFrame';
import { MountFields } from './MountFields';
import { createdTarget, type CreateFormProps, type CreatedTarget } from './ResourceFormPage';
import { useCreateSubmit } from './useCreateSubmit';

const typeLabels: Record<SecretType, 'generic' | 'tls' | 'registry'> = {
  Opaque: 'generic',
  'kubernetes.io/tls': 'tls',
  'kubernetes.io/dockerconfigjson': 'registry',
};

/** add/ConfigMap and add/Secret share one form; a secret also chooses its type. */
export function ConfigSecretForm({ kind, onCreated }: CreateFormProps & { kind: ConfigKind }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigFormValues>();
  const secretType = Form.useWatch('secretType', form) ?? 'Opaque';
  const [createConfigMap] = useCreateConfigMapMutation();
  const [createSecret] = useCreateSecretMutation();
  const [createRegistrySecret] = useCreateRegistrySecretMutation();

  const { submitting, onFinish, dirty, markDirty } = useCreateSubmit(
    form,
    async (values: ConfigFormValues): Promise<CreatedTarget> => {
      const request = configRequest(kind, values);
      if (request.call === 'configMap') await createConfigMap(request.body).unwrap();
      else if (request.call === 'secret') await createSecret(request.body).unwrap();
      else await createRegistrySecret(request.body).unwrap();
      const name = 'metadata' in request.body ? request.body.metadata.name : request.body.name;
      return createdTarget(kind, { ...request.body, name });
    },
    onCreated,
  );

  const withItems = kind === 'ConfigMap' || secretType === 'Opaque';
  return (
    <CreateFormFrame<ConfigFormValues>
      form={form}
      kind={kind}
      namespaced
      submitting={submitting}
      dirty={dirty}
      onChange={markDirty}
      onFinish={onFinish}
      initialValues={{ secretType: 'Opaque', items: [{ fileName: '', content: '' }] }}
    >
      {kind === 'Secret' && (
        <Form.Item name="secretType" label={t('resourceForms.secret.type')}>
          <Radio.Group
            optionType="button"
            options={secretTypes.map((type) => ({
              value: type,
              label: t(`resourceForms.secret.types.${typeLabels[type]}`),
            }))}
          />
        </Form.Item>
      )}
      <Divider titlePlacement="start">{t('resourceForms.data.title')}</Divider>
      {withItems && <DataItemsFields />}
      {kind === 'Secret' && secretType === 'kubernetes.io/tls' && <TlsFields />}
      {kind === 'Secret' && secretType === 'kubernetes.io/dockerconfigjson' && <RegistryFields />}
      <Divider titlePlacement="start">{t('resourceForms.mount.title')}</Divider>
      <MountFields />
    </CreateFormFrame>
  );
}
