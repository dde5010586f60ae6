import { bindingModes, provisionerPattern, storageClassReclaimPolicies } from '@nimbus/api/shared';
import { Divider, Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateStorageClassMutation } from '../../api/resourceFormsApi';
import { CreateFormFrame } from './CreateFormFrame';
import { requiredRule } from './formRules';
import { KeyValueRows } from './KeyValueRows';
import { createdTarget, type CreateFormProps } from './ResourceFormPage';
import { storageClassRequest, type StorageClassFormValues } from './storageValues';
import { useCreateSubmit } from './useCreateSubmit';

/** The add/StorageClass form: provisioner, reclaimPolicy, volumeBindingMode (and parameters). */
export function StorageClassForm({ onCreated }: CreateFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StorageClassFormValues>();
  const [create] = useCreateStorageClassMutation();
  const { submitting, onFinish, dirty, markDirty } = useCreateSubmit(
    form,
    async (values: StorageClassFormValues) => {
      const body = storageClassRequest(values);
      await create(body).unwrap();
      return createdTarget('StorageClass', body);
    },
    onCreated,
  );
  return (
    <CreateFormFrame<StorageClassFormValues>
      form={form}
      kind="StorageClass"
      namespaced={false}
      submitting={submitting}
      dirty={dirty}
      onChange={markDirty}
      onFinish={onFinish}
      initialValues={{ reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate', parameters: [] }}
    >
      <Form.Item
        name="provisioner"
        label={t('resourceForms.storageClass.provisioner')}
        rules={[
          requiredRule(t),
          { pattern: provisionerPattern, message: t('resourceForms.validation.provisioner') },
        ]}
      >
        <Input autoComplete="off" placeholder="nfs.csi.k8s.io" />
      </Form.Item>
      <Form.Item name="reclaimPolicy" label={t('resourceForms.storage.reclaimPolicy')}>
        <Radio.Group
          options={storageClassReclaimPolicies.map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      <Form.Item name="volumeBindingMode" label={t('resourceForms.storageClass.bindingMode')}>
        <Radio.Group options={bindingModes.map((value) => ({ value, label: value }))} />
      </Form.Item>
      <Form.Item
        name="allowVolumeExpansion"
        label={t('resourceForms.storageClass.expansion')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Divider titlePlacement="start">{t('resourceForms.storageClass.parameters')}</Divider>
      <KeyValueRows
        name="parameters"
        addLabel={t('resourceForms.storageClass.addParameter')}
        optional
      />
      <Divider />
    </CreateFormFrame>
  );
}
