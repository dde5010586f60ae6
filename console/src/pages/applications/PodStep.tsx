import { PlusOutlined } from '@ant-design/icons';
import type { ApplicationKind } from '@nimbus/api/shared';
import { Button, Divider, Flex, Form, List, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListClusterRegistriesQuery } from '../../api/registryApi';
import { AutoscaleFields } from './AutoscaleFields';
import type { NamespaceScope } from './applicationValues';
import { ContainerEditor } from './ContainerEditor';
import { AffinityFields, HostAliasFields, TolerationFields } from './PodSchedulingFields';
import { PullSecretHint } from './PullSecretHint';
import type { ContainerValues } from './applicationValues';

/** Which container's sub-form is open: an index, or a new one. */
export type ContainerEditing = number | 'new' | undefined;

export function ContainerSection({
  containers,
  editing,
  scope,
  onEdit,
  onSave,
  onRemove,
  onCancel,
}: {
  containers: readonly ContainerValues[];
  editing: ContainerEditing;
  scope: NamespaceScope | undefined;
  onEdit: (index: number | 'new') => void;
  onSave: (values: ContainerValues) => void;
  onRemove: (index: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const busy = editing !== undefined;
  const registries = useListClusterRegistriesQuery(scope?.cluster ?? '', { skip: !scope });
  return (
    <Flex vertical gap="small" data-testid="containers">
      <List
        size="small"
        bordered
        dataSource={[...containers]}
        // antd 6 draws a List's empty text in the disabled colour, which no theme token of
        // the List reaches (theme/themeConfig.ts): secondary text reads at 4.5:1.
        locale={{
          emptyText: (
            <Typography.Text type="secondary">{t('appForm.container.none')}</Typography.Text>
          ),
        }}
        renderItem={(container, index) => (
          <List.Item
            actions={[
              <Button key="edit" type="link" disabled={busy} onClick={() => onEdit(index)}>
                {t('appForm.container.edit')}
              </Button>,
              <Button
                key="remove"
                type="link"
                danger
                disabled={busy}
                onClick={() => onRemove(index)}
              >
                {t('appForm.remove')}
              </Button>,
            ]}
          >
            <Typography.Text strong>{container.name}</Typography.Text>
            <Typography.Text type="secondary">{container.image}</Typography.Text>
            <PullSecretHint
              registryId={container.registryId}
              registries={registries.data}
              compact
            />
          </List.Item>
        )}
      />
      {editing !== undefined ? (
        <ContainerEditor
          initial={editing === 'new' ? undefined : containers[editing]}
          takenNames={containers
            .filter((_c, index) => index !== editing)
            .map((c) => c.name?.trim() ?? '')}
          scope={scope}
          onSave={onSave}
          onCancel={onCancel}
        />
      ) : (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onEdit('new')}
          style={{ alignSelf: 'start' }}
          data-testid="container-add"
        >
          {t('appForm.container.add')}
        </Button>
      )}
    </Flex>
  );
}

/** Step 2's pod-level fields: host aliases, affinity, tolerations and (where it applies) autoscale. */
export function PodLevelFields({ kind }: { kind: ApplicationKind }) {
  const { t } = useTranslation();
  const autoscale = Form.useWatch<boolean | undefined>('autoscaleEnabled');
  const scalable = kind === 'Deployment' || kind === 'StatefulSet';
  return (
    <>
      <HostAliasFields />
      <AffinityFields name="nodeAffinity" />
      <AffinityFields name="podAffinity" />
      <AffinityFields name="podAntiAffinity" />
      <TolerationFields />
      {scalable && (
        <>
          <Divider titlePlacement="start">{t('appForm.autoscale.title')}</Divider>
          <Form.Item
            name="autoscaleEnabled"
            valuePropName="checked"
            label={t('appForm.autoscale.enable')}
          >
            <Switch data-testid="autoscale-enable" />
          </Form.Item>
          {autoscale && <AutoscaleFields prefix={['autoscale']} />}
        </>
      )}
    </>
  );
}
