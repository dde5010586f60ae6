import { PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoveButton } from './RemoveButton';
import { ipRules, requiredRule } from './applicationRules';

const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] as const;
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

function AddButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button type="dashed" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Host aliases: an IP and the host names it answers for. */
export function HostAliasFields() {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('appForm.hostAliases.title')}</Divider>
      <Form.List name="hostAliases">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4}>
            {fields.map((field) => (
              <Flex key={field.key} gap="small" align="baseline" wrap>
                <Form.Item name={[field.name, 'ip']} rules={ipRules(t)}>
                  <Input placeholder="10.0.0.1" aria-label={t('appForm.hostAliases.ip')} />
                </Form.Item>
                <Form.Item name={[field.name, 'hostnamesText']} rules={[requiredRule(t)]}>
                  <Input
                    style={{ width: 320 }}
                    placeholder={t('appForm.hostAliases.hostnames')}
                    aria-label={t('appForm.hostAliases.hostnames')}
                  />
                </Form.Item>
                <RemoveButton onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <AddButton onClick={() => add({})} label={t('appForm.hostAliases.add')} />
          </Flex>
        )}
      </Form.List>
    </>
  );
}

/** Node affinity, pod affinity or anti-affinity rules: required, or preferred with a weight. */
export function AffinityFields({
  name,
}: {
  name: 'nodeAffinity' | 'podAffinity' | 'podAntiAffinity';
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const withTopology = name !== 'nodeAffinity';
  return (
    <>
      <Divider titlePlacement="start">{t(`appForm.affinity.${name}`)}</Divider>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={4}>
            {fields.map((field) => (
              <Flex key={field.key} gap="small" align="baseline" wrap>
                <Form.Item name={[field.name, 'required']} valuePropName="checked">
                  <Checkbox>{t('appForm.affinity.required')}</Checkbox>
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() =>
                    form.getFieldValue([name, field.name, 'required']) ? null : (
                      <Form.Item name={[field.name, 'weight']} initialValue={1}>
                        <InputNumber
                          min={1}
                          max={100}
                          precision={0}
                          aria-label={t('appForm.affinity.weight')}
                          placeholder={t('appForm.affinity.weight')}
                        />
                      </Form.Item>
                    )
                  }
                </Form.Item>
                {withTopology && (
                  <Form.Item
                    name={[field.name, 'topologyKey']}
                    initialValue="kubernetes.io/hostname"
                  >
                    <Input aria-label={t('appForm.affinity.topologyKey')} />
                  </Form.Item>
                )}
                <Form.Item name={[field.name, 'key']} rules={[requiredRule(t)]}>
                  <Input
                    placeholder={t('appForm.affinity.key')}
                    aria-label={t('appForm.affinity.key')}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'operator']} initialValue="In">
                  <Select
                    style={{ width: 140 }}
                    aria-label={t('appForm.affinity.operator')}
                    options={OPERATORS.map((value) => ({ value, label: value }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'valuesText']}>
                  <Input
                    placeholder={t('appForm.affinity.values')}
                    aria-label={t('appForm.affinity.values')}
                  />
                </Form.Item>
                <RemoveButton onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <AddButton
              onClick={() => add({ required: true, operator: 'In' })}
              label={t('appForm.affinity.add')}
            />
          </Flex>
        )}
      </Form.List>
    </>
  );
}

/** Tolerations of node taints. */
export function TolerationFields() {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('appForm.tolerations.title')}</Divider>
      <Form.List name="tolerations">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4}>
            {fields.map((field) => (
              <Flex key={field.key} gap="small" align="baseline" wrap>
                <Form.Item name={[field.name, 'key']}>
                  <Input
                    placeholder={t('appForm.tolerations.key')}
                    aria-label={t('appForm.tolerations.key')}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'operator']} initialValue="Equal">
                  <Select
                    style={{ width: 110 }}
                    aria-label={t('appForm.tolerations.operator')}
                    options={['Equal', 'Exists'].map((value) => ({ value, label: value }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'value']}>
                  <Input
                    placeholder={t('appForm.tolerations.value')}
                    aria-label={t('appForm.tolerations.value')}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'effect']}>
                  <Select
                    allowClear
                    style={{ width: 170 }}
                    placeholder={t('appForm.tolerations.effect')}
                    aria-label={t('appForm.tolerations.effect')}
                    options={EFFECTS.map((value) => ({ value, label: value }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'tolerationSeconds']}>
                  <InputNumber
                    min={0}
                    precision={0}
                    placeholder={t('appForm.tolerations.seconds')}
                    aria-label={t('appForm.tolerations.seconds')}
                  />
                </Form.Item>
                <RemoveButton onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <AddButton
              onClick={() => add({ operator: 'Equal' })}
              label={t('appForm.tolerations.add')}
            />
          </Flex>
        )}
      </Form.List>
    </>
  );
}
