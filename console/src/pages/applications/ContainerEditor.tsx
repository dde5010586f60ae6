import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazySplitImageQuery, useListClusterRegistriesQuery } from '../../api/registryApi';
import { dnsLabelNameRules } from '../../components/forms/nameRules';
import { quantityRule } from '../namespaces/quantityRules';
import { EnvFields, MountFields } from './ContainerListFields';
import { useFocusReturn } from '../../components/dialogs/useFocusReturn';
import { ImageSelectDialog } from './ImageSelectDialog';
import { ProbeFields } from './ProbeFields';
import { PullSecretHint } from './PullSecretHint';
import type { ContainerValues, NamespaceScope } from './applicationValues';
import { imageRules } from './applicationRules';

/**
 * One container's sub-form. It must be saved or cancelled before anything else of the
 * application changes: the page blocks its other fields while this is open.
 */
export function ContainerEditor({
  initial,
  takenNames,
  scope,
  onSave,
  onCancel,
}: {
  initial: ContainerValues | undefined;
  takenNames: readonly string[];
  scope: NamespaceScope | undefined;
  onSave: (values: ContainerValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContainerValues>();
  const [choosingImage, setChoosingImage] = useState(false);
  const imageDialogFocus = useFocusReturn();
  const stopChoosingImage = () => {
    setChoosingImage(false);
    imageDialogFocus.giveBack();
  };
  const image = Form.useWatch('image', form);
  const registryId = Form.useWatch('registryId', form);
  const registries = useListClusterRegistriesQuery(scope?.cluster ?? '', { skip: !scope });
  const [split] = useLazySplitImageQuery();

  /** A typed image's registry comes from the split call; one of no known registry has none. */
  const registryOf = async (typed: string | undefined): Promise<string | undefined> => {
    if (!scope || !typed?.trim()) return undefined;
    try {
      const parts = await split({ cluster: scope.cluster, image: typed.trim() }, true).unwrap();
      return parts.registryId ?? undefined;
    } catch {
      return undefined;
    }
  };

  const save = async (values: ContainerValues) => {
    const { registryId: chosen, ...rest } = values;
    const resolved = chosen ?? (await registryOf(values.image));
    onSave(resolved ? { ...rest, registryId: resolved } : rest);
  };

  return (
    <Card
      size="small"
      title={initial ? t('appForm.container.editTitle') : t('appForm.container.addTitle')}
      data-testid="container-editor"
    >
      <Form<ContainerValues>
        form={form}
        name="container"
        layout="vertical"
        disabled={false}
        initialValues={initial ?? { env: [], mounts: [] }}
        onValuesChange={(changed: Partial<ContainerValues>) => {
          // A typed image no longer is the one picked from a registry.
          if ('image' in changed) form.setFieldValue('registryId', undefined);
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="registryId" hidden>
          <Input />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="name"
              label={t('appForm.container.name')}
              rules={[
                ...dnsLabelNameRules(t),
                {
                  validator: (_rule, value: unknown) =>
                    typeof value === 'string' && takenNames.includes(value.trim())
                      ? Promise.reject(new Error(t('appForm.validation.containerTaken')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input data-testid="container-name" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={t('appForm.container.image')}
              required
              extra={<PullSecretHint registryId={registryId} registries={registries.data} />}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="image" noStyle rules={imageRules(t)}>
                  <Input
                    data-testid="container-image"
                    aria-label={t('appForm.container.image')}
                    placeholder="registry.example.com/team/app:1.0"
                    autoComplete="off"
                  />
                </Form.Item>
                <Button
                  onClick={() => {
                    imageDialogFocus.remember();
                    setChoosingImage(true);
                  }}
                  data-testid="container-image-select"
                >
                  {t('appForm.image.open')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="containerPort" label={t('appForm.container.port')}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="commandText"
              label={t('appForm.container.command')}
              extra={t('appForm.container.oneItemPerLine')}
            >
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 6 }}
                data-testid="container-command"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="argsText"
              label={t('appForm.container.args')}
              extra={t('appForm.container.oneItemPerLine')}
            >
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} data-testid="container-args" />
            </Form.Item>
          </Col>
        </Row>
        <EnvFields scope={scope} />
        <MountFields scope={scope} />
        <Row gutter={16}>
          {(['requests', 'limits'] as const).map((group) =>
            (['cpu', 'memory'] as const).map((resource) => (
              <Col span={6} key={`${group}-${resource}`}>
                <Form.Item
                  name={[group, resource]}
                  label={t(`appForm.container.${group}.${resource}`)}
                  rules={[quantityRule(resource, t)]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
            )),
          )}
        </Row>
        <ProbeFields name="liveness" label={t('appForm.probe.liveness')} />
        <ProbeFields name="readiness" label={t('appForm.probe.readiness')} />
        <Flex gap="small">
          <Button type="primary" htmlType="submit" data-testid="container-save">
            {t('appForm.container.save')}
          </Button>
          <Button onClick={onCancel} data-testid="container-cancel">
            {t('appForm.container.cancel')}
          </Button>
        </Flex>
        {choosingImage && (
          <ImageSelectDialog
            open
            initial={image}
            cluster={scope?.cluster}
            onChoose={(chosen, chosenRegistry) => {
              form.setFieldValue('image', chosen);
              form.setFieldValue('registryId', chosenRegistry);
              void form.validateFields(['image']);
              stopChoosingImage();
            }}
            onClose={stopChoosingImage}
          />
        )}
      </Form>
    </Card>
  );
}
