import { accessModes, objectNamePattern, volumeModes } from '@nimbus/api/shared';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../components/forms/CheckboxGroupField';
import { isStorageSize } from './storageValues';

/** Size, access modes, storage class and volume mode: what volumes and claims share. */
export function StorageFields({ sizeField }: { sizeField: 'capacity' | 'storage' }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={sizeField}
        label={t('resourceForms.storage.capacity')}
        rules={[
          {
            validator: async (_rule, value?: string) => {
              if (!value?.trim() || !isStorageSize(value)) {
                throw new Error(t('resourceForms.validation.capacity'));
              }
            },
          },
        ]}
      >
        <Input autoComplete="off" placeholder="10Gi" style={{ maxWidth: 200 }} />
      </Form.Item>
      <Form.Item
        name="accessModes"
        label={t('resourceForms.storage.accessModes')}
        rules={[{ required: true, message: t('resourceForms.validation.accessModes') }]}
      >
        <CheckboxGroupField
          label={t('resourceForms.storage.accessModes')}
          options={accessModes.map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      <Form.Item
        name="storageClassName"
        label={t('resourceForms.storage.storageClass')}
        rules={[{ pattern: objectNamePattern, message: t('resourceForms.validation.objectName') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="volumeMode" label={t('resourceForms.storage.volumeMode')}>
        <Radio.Group options={volumeModes.map((value) => ({ value, label: value }))} />
      </Form.Item>
    </>
  );
}
