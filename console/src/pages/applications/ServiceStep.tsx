import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoveButton } from './RemoveButton';
import type { ServiceChoice, ServiceValues } from './applicationValues';

const CHOICES: readonly ServiceChoice[] = ['None', 'ClusterIP', 'NodePort', 'LoadBalancer'];

/**
 * A new service's ports: one per container port, the service port and the target port both set
 * to it (what a user types first almost every time); one empty row when no container has one.
 */
export function initialServicePorts(containerPorts: readonly number[]): ServiceValues['ports'] {
  const distinct = [...new Set(containerPorts)];
  return distinct.length === 0
    ? [{}]
    : distinct.map((port) => ({ protocol: 'TCP' as const, port, targetPort: port }));
}

/** The service sub-form: saved before the application can be created. */
function ServiceEditor({
  initial,
  containerPorts,
  onSave,
  onCancel,
}: {
  initial: ServiceValues;
  containerPorts: readonly number[];
  onSave: (values: ServiceValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ServiceValues>();
  const type = Form.useWatch('type', form) ?? initial.type;
  const useIngress = Form.useWatch('useIngress', form);
  const port = (name: number, field: 'port' | 'targetPort' | 'nodePort', required: boolean) => (
    <Form.Item
      name={[name, field]}
      rules={required ? [{ required: true, message: t('appForm.validation.required') }] : []}
    >
      <InputNumber
        min={1}
        max={65535}
        precision={0}
        placeholder={t(`appForm.service.${field}`)}
        aria-label={t(`appForm.service.${field}`)}
        style={{ width: 140 }}
      />
    </Form.Item>
  );
  return (
    <Card size="small" data-testid="service-editor">
      <Form<ServiceValues>
        form={form}
        name="service"
        layout="vertical"
        disabled={false}
        initialValues={
          initial.type === 'None'
            ? { ...initial, ports: initialServicePorts(containerPorts) }
            : initial
        }
        onFinish={onSave}
      >
        <Form.Item name="type" label={t('appForm.service.type')}>
          <Radio.Group
            options={CHOICES.map((value) => ({
              value,
              label: t(`appForm.service.types.${value}`),
            }))}
          />
        </Form.Item>
        {type !== 'None' && (
          <>
            <Form.List
              name="ports"
              rules={[
                {
                  validator: (_rule, ports: unknown[] | undefined) =>
                    (ports?.length ?? 0) > 0
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('appForm.validation.portRequired'))),
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <Flex vertical gap={4}>
                  {fields.map((field) => (
                    <Flex key={field.key} gap="small" align="baseline" wrap>
                      <Form.Item name={[field.name, 'protocol']} initialValue="TCP">
                        <Select
                          style={{ width: 90 }}
                          aria-label={t('appForm.service.protocol')}
                          options={['TCP', 'UDP'].map((value) => ({ value, label: value }))}
                        />
                      </Form.Item>
                      {port(field.name, 'port', true)}
                      {port(field.name, 'targetPort', true)}
                      {type !== 'ClusterIP' && port(field.name, 'nodePort', false)}
                      <RemoveButton onClick={() => remove(field.name)} />
                    </Flex>
                  ))}
                  <Form.ErrorList errors={errors} />
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ protocol: 'TCP' })}
                  >
                    {t('appForm.service.addPort')}
                  </Button>
                </Flex>
              )}
            </Form.List>
            <Form.Item name="useIngress" valuePropName="checked" style={{ marginTop: 12 }}>
              <Checkbox>{t('appForm.service.useIngress')}</Checkbox>
            </Form.Item>
            {useIngress && (
              <Form.Item name="ingressHost" label={t('appForm.service.ingressHost')}>
                <Input placeholder="shop.example.com" />
              </Form.Item>
            )}
          </>
        )}
        <Flex gap="small">
          <Button type="primary" htmlType="submit" data-testid="service-save">
            {t('appForm.service.save')}
          </Button>
          <Button onClick={onCancel}>{t('appForm.container.cancel')}</Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** Step 3: none, or a Service (ClusterIP, NodePort, LoadBalancer) with ports and an Ingress. */
export function ServiceStep({
  service,
  containerPorts,
  editing,
  disabled,
  onEdit,
  onSave,
  onCancel,
}: {
  service: ServiceValues;
  /** The containers' ports, which a new service's ports start from. */
  containerPorts: readonly number[];
  editing: boolean;
  disabled: boolean;
  onEdit: () => void;
  onSave: (values: ServiceValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  if (editing) {
    return (
      <ServiceEditor
        initial={service}
        containerPorts={containerPorts}
        onSave={onSave}
        onCancel={onCancel}
      />
    );
  }
  return (
    <Flex vertical gap="small" data-testid="service-summary">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('appForm.service.type')}>
          {t(`appForm.service.types.${service.type}`)}
        </Descriptions.Item>
        {service.type !== 'None' && (
          <Descriptions.Item label={t('appForm.service.ports')}>
            {(service.ports ?? [])
              .map(
                (p) =>
                  `${p.port ?? ''}→${p.targetPort ?? ''}${p.nodePort ? ` (${p.nodePort})` : ''}/${p.protocol ?? 'TCP'}`,
              )
              .join(', ')}
          </Descriptions.Item>
        )}
        {service.type !== 'None' && (
          <Descriptions.Item label={t('appForm.service.useIngress')}>
            {service.useIngress ? t('appForm.yes') : t('appForm.no')}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Button
        onClick={onEdit}
        disabled={disabled}
        style={{ alignSelf: 'start' }}
        data-testid="service-edit"
      >
        {t('appForm.service.edit')}
      </Button>
    </Flex>
  );
}
