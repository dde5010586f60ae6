import type { ClusterLocation } from '@nimbus/api';
import { App, Divider, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReplaceConfigMapMutation } from '../../api/resourceFormsApi';
import type { ActionDialogProps } from '../../resources/descriptors/types';
import { DataItemsFields } from './ConfigDataFields';
import {
  configFormValuesOf,
  configRequest,
  otherAnnotations,
  type ConfigFormValues,
} from './configValues';
import { MountFields } from './MountFields';

/**
 * Edits a config map's files and mount settings in place (a PUT): labels and other
 * annotations stay as they are; the member's resourceVersion guards against a concurrent change.
 */
export function ConfigMapEditDialog({ context, title, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfigFormValues>();
  const [replace, { isLoading }] = useReplaceConfigMapMutation();
  const { address, object } = context;
  const { vendor, region, cluster } = address;
  const location: ClusterLocation = { vendor, region, cluster };
  const namespace = address.namespace ?? '';

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const request = configRequest('ConfigMap', {
      ...values,
      location,
      namespace,
      name: address.name,
    });
    if (request.call !== 'configMap') return;
    const { metadata } = request.body;
    const annotations = {
      ...otherAnnotations(object?.metadata?.annotations),
      ...metadata.annotations,
    };
    const labels = object?.metadata?.labels;
    try {
      await replace({
        ...request.body,
        metadata: {
          name: metadata.name,
          ...(labels && Object.keys(labels).length > 0 ? { labels } : {}),
          ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
        },
      }).unwrap();
    } catch {
      return; // Reported by the base query; the dialog stays open.
    }
    void message.success(t('resources.confirm.succeeded'));
    onClose();
  };

  return (
    <Modal
      open
      title={title}
      width={720}
      okText={t('resourceForms.edit.save')}
      cancelText={t('resourceForms.actions.cancel')}
      confirmLoading={isLoading}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'configmap-edit-save' }}
    >
      <Form<ConfigFormValues>
        form={form}
        layout="vertical"
        initialValues={configFormValuesOf(object ?? {})}
      >
        <DataItemsFields />
        <Divider titlePlacement="start">{t('resourceForms.mount.title')}</Divider>
        <MountFields />
      </Form>
    </Modal>
  );
}
