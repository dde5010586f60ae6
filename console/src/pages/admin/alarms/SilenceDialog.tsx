import { DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { labelNamePattern } from '@nimbus/api/shared';
import { useListProvidersQuery } from '../../../api/clusterApi';
import { useCreateSilenceMutation } from '../../../api/alarmApi';

interface SilenceForm {
  cluster: string;
  label: string;
  value: string;
  range: [Dayjs, Dayjs];
  comment: string;
}

/** A silence: label, start, end, comment (the creator is the caller, set by the server). */
export function SilenceDialog(props: {
  organizationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SilenceForm>();
  const { data: clusters } = useListProvidersQuery(
    { organizationId: props.organizationId, page: 1, pageSize: 100 },
    { skip: !props.open || !props.organizationId },
  );
  const [createSilence, { isLoading }] = useCreateSilenceMutation();

  const submit = async () => {
    const values = await form.validateFields();
    const [start, end] = values.range;
    await createSilence({
      organizationId: props.organizationId,
      body: {
        cluster: values.cluster,
        matchers: [{ name: values.label.trim(), value: values.value.trim() }],
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        comment: values.comment.trim(),
      },
    }).unwrap();
    form.resetFields();
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={t('alarms.silences.create')}
      okText={t('alarms.silences.submit')}
      confirmLoading={isLoading}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="silence-form"
        initialValues={{ label: 'alertname', range: [dayjs(), dayjs().add(2, 'hour')] }}
      >
        <Form.Item
          name="cluster"
          label={t('alarms.silences.cluster')}
          rules={[{ required: true, message: t('alarms.required') }]}
        >
          <Select
            data-testid="silence-cluster"
            options={(clusters?.items ?? []).map((c) => ({ value: c.name, label: c.name }))}
          />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('alarms.silences.label')}
          rules={[
            {
              required: true,
              pattern: labelNamePattern,
              message: t('alarms.silences.labelRule'),
            },
          ]}
        >
          <Input data-testid="silence-label" />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('alarms.silences.value')}
          rules={[{ required: true, message: t('alarms.required') }]}
        >
          <Input data-testid="silence-value" />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('alarms.silences.range')}
          rules={[
            { required: true, message: t('alarms.required') },
            {
              validator: (_rule, range?: [Dayjs, Dayjs]) =>
                range && range[0].isAfter(range[1])
                  ? Promise.reject(new Error(t('alarms.silences.rangeRule')))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item
          name="comment"
          label={t('alarms.silences.comment')}
          rules={[{ required: true, whitespace: true, message: t('alarms.required') }]}
        >
          <Input.TextArea data-testid="silence-comment" rows={2} maxLength={1024} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
