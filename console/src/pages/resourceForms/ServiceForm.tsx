import { nodePortRange, portProtocols, serviceTypes } from '@nimbus/api/shared';
import { Divider, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateServiceMutation } from '../../api/resourceFormsApi';
import { CardList } from './CardList';
import { CreateFormFrame } from './CreateFormFrame';
import { hostRule, portNameRules, portOrNameRule, subPathRule } from './formRules';
import { KeyValueRows } from './KeyValueRows';
import { createdTarget, type CreateFormProps } from './ResourceFormPage';
import { serviceRequest, type ServiceFormValues } from './serviceValues';
import { useCreateSubmit } from './useCreateSubmit';

/** The add/Service form: type, pod selector and ports (service, target and node port). */
export function ServiceForm({ onCreated }: CreateFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ServiceFormValues>();
  const type = Form.useWatch('type', form) ?? 'ClusterIP';
  const useIngress = Form.useWatch('useIngress', form) ?? false;
  const [createService] = useCreateServiceMutation();
  const { submitting, onFinish, dirty, markDirty } = useCreateSubmit(
    form,
    async (values: ServiceFormValues) => {
      const body = serviceRequest(values);
      await createService(body).unwrap();
      return createdTarget('Service', body);
    },
    onCreated,
  );
  const portRule = { required: true, message: t('resourceForms.validation.required') };
  return (
    <CreateFormFrame<ServiceFormValues>
      form={form}
      kind="Service"
      namespaced
      submitting={submitting}
      dirty={dirty}
      onChange={markDirty}
      onFinish={onFinish}
      initialValues={{
        type: 'ClusterIP',
        selector: [{ key: 'app', value: '' }],
        ports: [{ protocol: 'TCP' }],
      }}
    >
      <Form.Item name="type" label={t('resourceForms.service.type')}>
        <Radio.Group>
          <Space direction="vertical">
            {serviceTypes.map((value) => (
              <Radio key={value} value={value}>
                {value} — {t(`resourceForms.service.types.${value}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Divider titlePlacement="start">{t('resourceForms.service.selector')}</Divider>
      <KeyValueRows name="selector" addLabel={t('resourceForms.service.addSelector')} />
      <Divider titlePlacement="start">{t('resourceForms.service.ports')}</Divider>
      <CardList
        name="ports"
        title={(index) => t('resourceForms.service.port', { index })}
        addLabel={t('resourceForms.service.addPort')}
        blank={{ protocol: 'TCP' }}
        keepOne
      >
        {(field) => (
          <Space wrap align="start">
            <Form.Item
              name={[field, 'name']}
              label={t('resourceForms.service.portName')}
              dependencies={['ports']}
              rules={portNameRules(t)}
            >
              <Input autoComplete="off" placeholder="http" />
            </Form.Item>
            <Form.Item name={[field, 'protocol']} label={t('resourceForms.service.protocol')}>
              <Select
                style={{ width: 100 }}
                options={portProtocols.map((value) => ({ value, label: value }))}
              />
            </Form.Item>
            <Form.Item
              name={[field, 'port']}
              label={t('resourceForms.service.servicePort')}
              rules={[portRule]}
            >
              <InputNumber min={1} max={65535} precision={0} />
            </Form.Item>
            <Form.Item
              name={[field, 'targetPort']}
              label={t('resourceForms.service.targetPort')}
              rules={[portRule, portOrNameRule(t)]}
            >
              <Input autoComplete="off" placeholder="8080" />
            </Form.Item>
            {type !== 'ClusterIP' && (
              <Form.Item
                name={[field, 'nodePort']}
                label={t('resourceForms.service.nodePort')}
                tooltip={t('resourceForms.service.nodePortHint', nodePortRange)}
              >
                <InputNumber min={nodePortRange.min} max={nodePortRange.max} precision={0} />
              </Form.Item>
            )}
          </Space>
        )}
      </CardList>
      <Divider />
      <Form.Item
        name="useIngress"
        label={t('resourceForms.service.useIngress')}
        tooltip={t('resourceForms.service.useIngressHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {useIngress && (
        <Space wrap align="start">
          <Form.Item
            name={['ingress', 'host']}
            label={t('resourceForms.ingress.host')}
            rules={[hostRule(t)]}
          >
            <Input autoComplete="off" placeholder="shop.example.com" />
          </Form.Item>
          <Form.Item
            name={['ingress', 'path']}
            label={t('resourceForms.ingress.subPath')}
            rules={[subPathRule(t)]}
          >
            <Input autoComplete="off" placeholder="/" />
          </Form.Item>
        </Space>
      )}
    </CreateFormFrame>
  );
}
