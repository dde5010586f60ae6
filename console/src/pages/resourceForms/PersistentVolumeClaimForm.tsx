import { objectNamePattern } from '@nimbus/api/shared';
import { Divider, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreatePersistentVolumeClaimMutation } from '../../api/resourceFormsApi';
import { CreateFormFrame } from './CreateFormFrame';
import { createdTarget, type CreateFormProps } from './ResourceFormPage';
import { StorageFields } from './StorageFields';
import {
  persistentVolumeClaimRequest,
  type PersistentVolumeClaimFormValues,
} from './storageValues';
import { useCreateSubmit } from './useCreateSubmit';

/** The add/PersistentVolumeClaims form: size, access modes, class, volume name and mode. */
export function PersistentVolumeClaimForm({ onCreated }: CreateFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PersistentVolumeClaimFormValues>();
  const [create] = useCreatePersistentVolumeClaimMutation();
  const { submitting, onFinish, dirty, markDirty } = useCreateSubmit(
    form,
    async (values: PersistentVolumeClaimFormValues) => {
      const body = persistentVolumeClaimRequest(values);
      await create(body).unwrap();
      return createdTarget('PersistentVolumeClaim', body);
    },
    onCreated,
  );
  return (
    <CreateFormFrame<PersistentVolumeClaimFormValues>
      form={form}
      kind="PersistentVolumeClaim"
      namespaced
      submitting={submitting}
      dirty={dirty}
      onChange={markDirty}
      onFinish={onFinish}
      initialValues={{ accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem' }}
    >
      <StorageFields sizeField="storage" />
      <Form.Item
        name="volumeName"
        label={t('resourceForms.claim.volumeName')}
        rules={[{ pattern: objectNamePattern, message: t('resourceForms.validation.objectName') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Divider />
    </CreateFormFrame>
  );
}
