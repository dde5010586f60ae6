import type { ChartDetail, ClusterLocation } from '@nimbus/api';
import { Alert, Form, Input, Modal, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dnsLabelPattern } from '@nimbus/api/shared';
import { ValuesField } from './ValuesField';
import { useReleaseStatusText } from './releaseStatus';
import { useInstallReleaseMutation } from '../../api/appStoreApi';
import { LocationSelect } from '../../components/LocationSelect';
import { NamespaceSelector } from '../../components/NamespaceSelector';

interface InstallForm {
  location?: ClusterLocation;
  namespace?: string;
  release?: string;
}

/** Installs a chart version into a cluster and namespace the caller chooses, as the caller. */
export function InstallDialog({ chart, onClose }: { chart: ChartDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const statusText = useReleaseStatusText();
  const [form] = Form.useForm<InstallForm>();
  const location = Form.useWatch('location', form);
  const [values, setValues] = useState(chart.values);
  const [install, { isLoading, data: done }] = useInstallReleaseMutation();

  const submit = async () => {
    const target = await form.validateFields();
    if (!target.location || !target.namespace || !target.release) return;
    await install({
      ...target.location,
      namespace: target.namespace,
      body: {
        release: target.release,
        source: chart.source,
        chart: chart.name,
        version: chart.version,
        values,
      },
    })
      .unwrap()
      .catch(() => undefined);
  };

  return (
    <Modal
      open
      width={900}
      title={t('appStore.install.title', { name: chart.name, version: chart.version })}
      okText={done ? t('appStore.install.close') : t('appStore.install.submit')}
      onOk={() => (done ? onClose() : void submit())}
      okButtonProps={{ loading: isLoading, 'data-testid': 'install-submit' }}
      cancelButtonProps={{ disabled: isLoading }}
      // Once installed there is nothing to cancel: Close alone.
      footer={done ? (_buttons, { OkBtn }) => <OkBtn /> : undefined}
      onCancel={onClose}
      destroyOnHidden
    >
      {done ? (
        <Result
          status="success"
          title={t('appStore.install.done', {
            release: done.release,
            status: statusText(done.status),
          })}
          subTitle={t('appStore.install.revision', {
            revision: done.revision ?? 1,
            namespace: done.namespace,
          })}
          data-testid="install-done"
        />
      ) : (
        <Spin spinning={isLoading} tip={t('appStore.install.running')}>
          <Alert
            type="info"
            showIcon
            message={t('appStore.install.asYou')}
            style={{ marginBottom: 16 }}
          />
          <Form form={form} layout="vertical">
            <Form.Item
              name="release"
              label={t('appStore.install.release')}
              rules={[
                { required: true, message: t('appStore.install.releaseRequired') },
                {
                  pattern: dnsLabelPattern,
                  max: 53,
                  message: t('appStore.install.releaseInvalid'),
                },
              ]}
            >
              <Input data-testid="install-release" />
            </Form.Item>
            <Form.Item
              name="location"
              label={t('appStore.install.cluster')}
              rules={[{ required: true, message: t('appStore.install.clusterRequired') }]}
            >
              <LocationSelect data-testid="install-location" />
            </Form.Item>
            <Form.Item
              name="namespace"
              label={t('appStore.install.namespace')}
              rules={[{ required: true, message: t('appStore.install.namespaceRequired') }]}
            >
              <NamespaceSelector {...(location ?? {})} />
            </Form.Item>
            <ValuesField value={values} onChange={setValues} />
          </Form>
        </Spin>
      )}
    </Modal>
  );
}
