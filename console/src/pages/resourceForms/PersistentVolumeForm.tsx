import {
  dnsLabelPattern,
  nfsServerPattern,
  reclaimPolicies,
  volumeSourceKinds,
} from '@nimbus/api/shared';
import { Divider, Form, Input, Radio, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreatePersistentVolumeMutation } from '../../api/resourceFormsApi';
import { CreateFormFrame } from './CreateFormFrame';
import { mountPathRules, requiredRule } from './formRules';
import { createdTarget, type CreateFormProps } from './ResourceFormPage';
import { StorageFields } from './StorageFields';
import { persistentVolumeRequest, type PersistentVolumeFormValues } from './storageValues';
import { useCreateSubmit } from './useCreateSubmit';

/** Where the data is: NFS server and path, a node's path, or a CSI volume. */
function SourceFields() {
  const { t } = useTranslation();
  const kind = Form.useWatch<string | undefined>('sourceKind') ?? 'nfs';
  const pathRules = [requiredRule(t), ...mountPathRules(t)];
  return (
    <>
      <Form.Item name="sourceKind" label={t('resourceForms.volume.source')}>
        <Radio.Group
          optionType="button"
          options={volumeSourceKinds.map((value) => ({
            value,
            label: t(`resourceForms.volume.sources.${value}`),
          }))}
        />
      </Form.Item>
      {kind === 'nfs' && (
        <Space wrap align="start">
          <Form.Item
            name={['nfs', 'server']}
            label={t('resourceForms.volume.nfsServer')}
            rules={[
              requiredRule(t),
              { pattern: nfsServerPattern, message: t('resourceForms.validation.host') },
            ]}
          >
            <Input autoComplete="off" placeholder="10.0.0.5" />
          </Form.Item>
          <Form.Item
            name={['nfs', 'path']}
            label={t('resourceForms.volume.nfsPath')}
            rules={pathRules}
          >
            <Input autoComplete="off" placeholder="/exports/data" />
          </Form.Item>
        </Space>
      )}
      {kind === 'hostPath' && (
        <Form.Item name="hostPath" label={t('resourceForms.volume.mountPath')} rules={pathRules}>
          <Input autoComplete="off" placeholder="/data" />
        </Form.Item>
      )}
      {kind === 'csi' && (
        <Space wrap align="start">
          <Form.Item
            name={['csi', 'driver']}
            label={t('resourceForms.volume.driver')}
            rules={[requiredRule(t)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name={['csi', 'volumeHandle']}
            label={t('resourceForms.volume.volumeId')}
            rules={[requiredRule(t)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name={['csi', 'fsType']} label={t('resourceForms.volume.fsType')}>
            <Input autoComplete="off" placeholder="ext4" />
          </Form.Item>
        </Space>
      )}
    </>
  );
}

/** The add/PersistentVolume form. */
export function PersistentVolumeForm({ onCreated }: CreateFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PersistentVolumeFormValues>();
  const [create] = useCreatePersistentVolumeMutation();
  const { submitting, onFinish, dirty, markDirty } = useCreateSubmit(
    form,
    async (values: PersistentVolumeFormValues) => {
      const body = persistentVolumeRequest(values);
      await create(body).unwrap();
      return createdTarget('PersistentVolume', body);
    },
    onCreated,
  );
  return (
    <CreateFormFrame<PersistentVolumeFormValues>
      form={form}
      kind="PersistentVolume"
      namespaced={false}
      submitting={submitting}
      dirty={dirty}
      onChange={markDirty}
      onFinish={onFinish}
      initialValues={{
        accessModes: ['ReadWriteOnce'],
        reclaimPolicy: 'Retain',
        volumeMode: 'Filesystem',
        readOnly: false,
        sourceKind: 'nfs',
      }}
    >
      <StorageFields sizeField="capacity" />
      <Form.Item name="reclaimPolicy" label={t('resourceForms.storage.reclaimPolicy')}>
        <Radio.Group options={reclaimPolicies.map((value) => ({ value, label: value }))} />
      </Form.Item>
      <Form.Item name="readOnly" label={t('resourceForms.volume.readOnly')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Divider titlePlacement="start">{t('resourceForms.volume.source')}</Divider>
      <SourceFields />
      <Divider titlePlacement="start">{t('resourceForms.volume.claimRef')}</Divider>
      <Space wrap align="start">
        <Form.Item
          name="claimNamespace"
          label={t('resourceForms.volume.claimNamespace')}
          rules={[{ pattern: dnsLabelPattern, message: t('namespaces.validation.namePattern') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="claimName"
          label={t('resourceForms.volume.claimName')}
          rules={[{ pattern: dnsLabelPattern, message: t('namespaces.validation.namePattern') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Space>
      <Divider />
    </CreateFormFrame>
  );
}
