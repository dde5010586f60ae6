import type { ReceiverView } from '@nimbus/api';
import { receiverAddress, receiverTypes, sameAddress } from '@nimbus/api/shared';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveReceiverMutation } from '../../../api/alarmConfigApi';
import { resourceNameRules } from '../../../components/forms/nameRules';
import { AlarmFormDialog } from './AlarmFormDialog';
import {
  formValuesOf,
  receiverAddressOf,
  receiverBodyOf,
  type ReceiverFormValues,
} from './receiverForm';
import { ReceiverSettingsFields, secretLabelKey } from './ReceiverSettingsFields';

const NEW_RECEIVER: Partial<ReceiverFormValues> = {
  type: 'Email',
  smtpPort: 587,
  security: 'StartTLS',
};

const receiverValuesOf = (receiver: ReceiverView | undefined) =>
  receiver ? formValuesOf(receiver) : NEW_RECEIVER;

/**
 * Creates or changes an alarm receiver. The credential is write-only: it is never shown, and
 * left empty on edit the stored one is kept.
 */
export function ReceiverDialog(props: {
  organizationId: string;
  /** The receiver being edited; undefined creates one. */
  receiver: ReceiverView | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReceiverFormValues>();
  const type = Form.useWatch('type', form) ?? props.receiver?.type ?? 'Email';
  const [saveReceiver, { isLoading }] = useSaveReceiverMutation();
  const editing = props.receiver !== undefined;
  const secretSet = props.receiver?.secretSet ?? false;
  const values = Form.useWatch((all: ReceiverFormValues) => all, form);
  // A stored credential goes only to the address it was given for: a new one needs it again.
  const secretAgain =
    secretSet &&
    props.receiver !== undefined &&
    values?.type !== undefined &&
    !sameAddress(receiverAddressOf(values), receiverAddress(props.receiver.type, props.receiver));

  return (
    <AlarmFormDialog
      form={form}
      testId="receiver-form"
      title={t(editing ? 'alarmSettings.receivers.edit' : 'alarmSettings.receivers.create')}
      open={props.open}
      saving={isLoading}
      item={props.receiver}
      valuesOf={receiverValuesOf}
      save={(values) =>
        saveReceiver({
          organizationId: props.organizationId,
          existing: editing,
          body: receiverBodyOf(values),
        }).unwrap()
      }
      onClose={props.onClose}
    >
      <Form.Item
        name="name"
        label={t('alarmSettings.name')}
        rules={resourceNameRules(t, t('alarmSettings.required'))}
      >
        <Input data-testid="receiver-name" disabled={editing} />
      </Form.Item>
      <Form.Item name="type" label={t('alarmSettings.receivers.type')}>
        <Select
          data-testid="receiver-type"
          disabled={editing}
          options={receiverTypes.map((value) => ({
            value,
            label: t(`alarmSettings.receivers.types.${value}`),
          }))}
        />
      </Form.Item>
      <ReceiverSettingsFields type={type} />
      <Form.Item
        name="secret"
        label={t(secretLabelKey(type))}
        extra={
          secretAgain
            ? t('common.credentialsAgain')
            : secretSet
              ? t('alarmSettings.receivers.secretKept')
              : t('alarmSettings.receivers.secretHint')
        }
        rules={[
          {
            required: secretAgain || (type !== 'Email' && !secretSet),
            whitespace: true,
            message: secretAgain
              ? t('common.credentialsAgainRequired')
              : t('alarmSettings.required'),
          },
        ]}
      >
        <Input.Password
          data-testid="receiver-secret"
          autoComplete="new-password"
          placeholder={
            secretSet && !secretAgain ? t('alarmSettings.receivers.secretStored') : undefined
          }
        />
      </Form.Item>
      <Form.Item name="description" label={t('alarmSettings.description')}>
        <Input.TextArea rows={2} maxLength={1024} />
      </Form.Item>
    </AlarmFormDialog>
  );
}
