import type { BodyFor } from '@nimbus/api';
import { App, Button, Form, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useDeleteAutoscaleMutation,
  useGetAutoscaleQuery,
  useSetAutoscaleMutation,
} from '../../api/applicationApi';
import { workloadTargetOf } from '../../resources/descriptors/workload';
import type { ActionDialogProps } from '../../resources/descriptors/types';
import { useModalProps, useSubmit } from '../workloads/WorkloadDialogs';
import { AutoscaleFields } from './AutoscaleFields';

type AutoscaleBody = BodyFor<'setAutoscale'>;

/**
 * "Scale automatically": create or change the workload's HPA, or stop it (confirmed
 * again), each as the caller.
 */
export function AutoscaleDialog({ context, title, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const target = workloadTargetOf(context);
  const { data: current, isLoading: loading } = useGetAutoscaleQuery(target);
  const [save, { isLoading: saving }] = useSetAutoscaleMutation();
  const [remove, { isLoading: removing }] = useDeleteAutoscaleMutation();
  const submitting = useSubmit(onClose);
  const [form] = Form.useForm<AutoscaleBody>();

  const submit = () => {
    void form
      .validateFields()
      .then((values) => submitting(() => save({ ...target, body: values }).unwrap()))
      .catch(() => undefined);
  };
  const stop = () => {
    void modal.confirm({
      title: t('appForm.autoscale.stopTitle'),
      content: t('appForm.autoscale.stopText'),
      okButtonProps: { danger: true },
      onOk: () => submitting(() => remove(target).unwrap()),
    });
  };

  return (
    <Modal
      {...useModalProps(title, saving || removing, submit, onClose)}
      width={640}
      okButtonProps={{ disabled: loading, 'data-testid': 'autoscale-ok' }}
    >
      {loading ? (
        <Spin />
      ) : (
        <Form<AutoscaleBody>
          form={form}
          layout="vertical"
          initialValues={current ?? { minReplicas: 1, maxReplicas: 3, cpuUtilization: 80 }}
          onFinish={submit}
        >
          <Typography.Paragraph type="secondary" data-testid="autoscale-state">
            {current
              ? t('appForm.autoscale.active', { name: current.name })
              : t('appForm.autoscale.inactive')}
          </Typography.Paragraph>
          <AutoscaleFields prefix={[]} />
          {current && (
            <Button danger onClick={stop} data-testid="autoscale-stop">
              {t('appForm.autoscale.stop')}
            </Button>
          )}
        </Form>
      )}
    </Modal>
  );
}
