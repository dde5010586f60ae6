import { CodeOutlined, FileTextOutlined } from '@ant-design/icons';
import { Card, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { containerRows, type ContainerRow, type ContainerState } from '../../pods/podContainers';
import { logsPath, shellPath, type ContainerTarget } from '../../pods/podPaths';
import type { SectionProps } from '../../resources/descriptors/types';

const stateColor: Record<ContainerState, string> = {
  running: 'green',
  waiting: 'gold',
  terminated: 'default',
  unknown: 'default',
};

/** A pod's containers, each with its state and the ways into it: its log and a shell. */
export function PodContainersSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { object, address } = context;
  if (!object || !address.namespace) return null;
  const namespace = address.namespace;
  const pod = address.name;
  const targetOf = (row: ContainerRow): ContainerTarget => ({
    vendor: address.vendor,
    region: address.region,
    cluster: address.cluster,
    namespace,
    pod,
    container: row.name,
  });
  // A shell needs a running container; the server and the member decide whether it is allowed.
  const canShell = (row: ContainerRow) => row.state === 'running' && context.allows('pod:exec');
  return (
    <Card size="small" title={t('pods.containers.title')} data-testid="pod-containers">
      <Table<ContainerRow>
        size="small"
        rowKey={(row) => `${row.init ? 'init' : 'main'}/${row.name}`}
        pagination={false}
        dataSource={containerRows(object)}
        columns={[
          {
            key: 'name',
            title: t('pods.containers.name'),
            render: (_, row) => (
              <Flex gap="small" align="center">
                <span>{row.name}</span>
                {row.init && <Tag>{t('pods.containers.init')}</Tag>}
              </Flex>
            ),
          },
          { key: 'image', title: t('pods.containers.image'), dataIndex: 'image' },
          {
            key: 'state',
            title: t('pods.containers.state'),
            render: (_, row) => (
              <Tooltip title={row.reason}>
                <Tag color={stateColor[row.state]}>{t(`pods.containers.${row.state}`)}</Tag>
              </Tooltip>
            ),
          },
          {
            key: 'ready',
            title: t('pods.containers.ready'),
            render: (_, row) => (row.ready ? t('pods.containers.yes') : t('pods.containers.no')),
          },
          { key: 'restarts', title: t('pods.containers.restarts'), dataIndex: 'restarts' },
          {
            key: 'open',
            title: t('pods.containers.actions'),
            render: (_, row) => (
              <Flex gap="middle">
                <Link to={logsPath(targetOf(row))} data-testid={`container-logs-${row.name}`}>
                  <FileTextOutlined /> {t('pods.containers.logs')}
                </Link>
                {!row.init &&
                  (canShell(row) ? (
                    <Link to={shellPath(targetOf(row))} data-testid={`container-shell-${row.name}`}>
                      <CodeOutlined /> {t('pods.containers.shell')}
                    </Link>
                  ) : (
                    <Typography.Text type="secondary" data-testid={`container-shell-${row.name}`}>
                      <CodeOutlined /> {t('pods.containers.shell')}
                    </Typography.Text>
                  ))}
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
