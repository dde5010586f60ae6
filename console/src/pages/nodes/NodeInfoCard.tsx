import type { NodeDetail, ResourceFigures } from '@nimbus/api';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/admin/formatTime';

const figures = (values: ResourceFigures | undefined): string =>
  ['cpu', 'memory', 'pods']
    .map(
      (name) =>
        values?.[name as keyof ResourceFigures] &&
        `${name}: ${values[name as keyof ResourceFigures]}`,
    )
    .filter(Boolean)
    .join(', ');

/** The node's fields, ready state and scheduling state (paused and resumed by its actions). */
export function NodeInfoCard({ node }: { node: NodeDetail }) {
  const { t, i18n } = useTranslation();
  const item = (label: string, value: string | undefined) => (
    <Descriptions.Item label={label}>{value}</Descriptions.Item>
  );
  return (
    <Card size="small" title={t('resources.node.title')} data-testid="node-info">
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('resources.columns.ready')}>
          <Tag color={node.ready ? 'success' : 'error'} data-testid="node-ready-state">
            {t(node.ready ? 'resources.node.ready' : 'resources.node.notReady')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('resources.columns.schedulable')}>
          <Tag
            color={node.unschedulable ? 'warning' : 'success'}
            data-testid="node-schedulable-state"
          >
            {t(node.unschedulable ? 'resources.node.unschedulable' : 'resources.node.schedulable')}
          </Tag>
        </Descriptions.Item>
        {item(t('resources.columns.roles'), node.roles.join(', '))}
        {item(t('resources.columns.internalIP'), node.internalIP)}
        {item(t('resources.node.kubeletVersion'), node.kubeletVersion)}
        {item(t('resources.node.kubeProxyVersion'), node.kubeProxyVersion)}
        {item(t('resources.node.osImage'), node.osImage)}
        {item(t('resources.node.kernelVersion'), node.kernelVersion)}
        {item(t('resources.node.containerRuntime'), node.containerRuntimeVersion)}
        {item(t('resources.node.architecture'), `${node.operatingSystem}/${node.architecture}`)}
        {item(t('resources.node.capacity'), figures(node.capacity))}
        {item(t('resources.node.allocatable'), figures(node.allocatable))}
        {item(t('resources.columns.created'), formatTime(node.createdAt, i18n.language))}
        {item(t('resources.detail.uid'), node.uid)}
      </Descriptions>
    </Card>
  );
}
