import { PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Checkbox, Divider, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListNamespaceObjectNamesQuery } from '../../api/applicationApi';
import type { NamespaceScope } from './applicationValues';
import type { EnvValues, MountValues } from './applicationValues';
import { RemoveButton } from './RemoveButton';
import { absolutePathRules, envNameRules, requiredRule } from './applicationRules';

/** The config maps or secrets of the chosen namespace, offered by name (others may be typed). */
function useSourceNames(scope: NamespaceScope | undefined, plural: 'configmaps' | 'secrets') {
  const { currentData } = useListNamespaceObjectNamesQuery(
    { plural, cluster: scope?.cluster ?? '', namespace: scope?.namespace ?? '' },
    { skip: !scope },
  );
  return (currentData ?? []).map((value) => ({ value }));
}

function SourceNameInput({
  scope,
  source,
  ...props
}: {
  scope: NamespaceScope | undefined;
  source: 'configMap' | 'secret' | undefined;
  value?: string;
  onChange?: (value: string) => void;
  'aria-label'?: string;
}) {
  const configMaps = useSourceNames(scope, 'configmaps');
  const secrets = useSourceNames(scope, 'secrets');
  return (
    <AutoComplete
      {...props}
      options={source === 'secret' ? secrets : configMaps}
      style={{ width: 180 }}
      filterOption={(input, option) => (option?.value ?? '').includes(input)}
    />
  );
}

/** Env entries: a value, or a key of a config map or secret; names and values trimmed. */
export function EnvFields({ scope }: { scope: NamespaceScope | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <>
      <Divider titlePlacement="start">{t('appForm.env.title')}</Divider>
      <Form.List name="env">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4}>
            {fields.map((field) => (
              <Flex key={field.key} gap="small" align="baseline" wrap>
                <Form.Item name={[field.name, 'name']} rules={envNameRules(t)}>
                  <Input placeholder={t('appForm.env.name')} aria-label={t('appForm.env.name')} />
                </Form.Item>
                <Form.Item name={[field.name, 'source']} initialValue="value">
                  <Select
                    style={{ width: 150 }}
                    aria-label={t('appForm.env.source')}
                    options={(['value', 'configMap', 'secret'] as const).map((value) => ({
                      value,
                      label: t(`appForm.env.sources.${value}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const source = form.getFieldValue(['env', field.name, 'source']) as
                      EnvValues['source'] | undefined;
                    return !source || source === 'value' ? (
                      <Form.Item name={[field.name, 'value']}>
                        <Input
                          placeholder={t('appForm.env.value')}
                          aria-label={t('appForm.env.value')}
                        />
                      </Form.Item>
                    ) : (
                      <>
                        <Form.Item name={[field.name, 'refName']} rules={[requiredRule(t)]}>
                          <SourceNameInput
                            scope={scope}
                            source={source}
                            aria-label={t(`appForm.env.sources.${source}`)}
                          />
                        </Form.Item>
                        <Form.Item name={[field.name, 'refKey']} rules={[requiredRule(t)]}>
                          <Input
                            placeholder={t('appForm.env.key')}
                            aria-label={t('appForm.env.key')}
                          />
                        </Form.Item>
                      </>
                    );
                  }}
                </Form.Item>
                <RemoveButton onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ source: 'value' })}>
              {t('appForm.env.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}

/** Config map and secret volumes mounted into the container. */
export function MountFields({ scope }: { scope: NamespaceScope | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <>
      <Divider titlePlacement="start">{t('appForm.mount.title')}</Divider>
      <Form.List name="mounts">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4}>
            {fields.map((field) => (
              <Flex key={field.key} gap="small" align="baseline" wrap>
                <Form.Item name={[field.name, 'source']} initialValue="configMap">
                  <Select
                    style={{ width: 150 }}
                    aria-label={t('appForm.mount.source')}
                    options={(['configMap', 'secret'] as const).map((value) => ({
                      value,
                      label: t(`appForm.env.sources.${value}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => (
                    <Form.Item name={[field.name, 'sourceName']} rules={[requiredRule(t)]}>
                      <SourceNameInput
                        scope={scope}
                        source={
                          form.getFieldValue(['mounts', field.name, 'source']) as
                            MountValues['source'] | undefined
                        }
                        aria-label={t('appForm.mount.sourceName')}
                      />
                    </Form.Item>
                  )}
                </Form.Item>
                <Form.Item name={[field.name, 'mountPath']} rules={absolutePathRules(t)}>
                  <Input
                    placeholder={t('appForm.mount.mountPath')}
                    aria-label={t('appForm.mount.mountPath')}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'subPath']}>
                  <Input
                    placeholder={t('appForm.mount.subPath')}
                    aria-label={t('appForm.mount.subPath')}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'readOnly']} valuePropName="checked" initialValue>
                  <Checkbox>{t('appForm.mount.readOnly')}</Checkbox>
                </Form.Item>
                <RemoveButton onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ source: 'configMap', readOnly: true })}
            >
              {t('appForm.mount.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
