import { Card, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListTagsQuery } from '../../../../api/registryApi';
import { CopyButton } from '../../../../components/CopyButton';
import { formatTime } from '../../../../components/admin/formatTime';
import { LOCAL_PAGING } from './localPaging';
import { shortDigest, tagRows, type TagRow } from './tagRows';

/** The tags of the chosen repository: when each was pushed, its digest, its reference to copy. */
export function RepositoryTags({
  registryId,
  host,
  repository,
}: {
  registryId: string;
  host: string;
  repository: string;
}) {
  const { t, i18n } = useTranslation();
  const { data = [], isFetching, isError } = useListTagsQuery({ registryId, image: repository });
  const rows = tagRows(host, repository, data);

  return (
    <Card size="small" title={t('registries.browser.tagsOf', { repository })}>
      <Table<TagRow>
        data-testid="registry-tags"
        size="small"
        rowKey="key"
        dataSource={rows}
        loading={isFetching}
        pagination={LOCAL_PAGING}
        locale={{
          // A failed read was reported by the base query: the empty table then claims nothing more.
          emptyText: <Empty description={isError ? undefined : t('registries.browser.noTags')} />,
        }}
        columns={[
          {
            key: 'tag',
            title: t('registries.browser.tag'),
            render: (_value, row) =>
              row.tag === undefined ? (
                <Tag>{t('registries.browser.untagged')}</Tag>
              ) : (
                <Tag color="blue">{row.tag}</Tag>
              ),
          },
          {
            key: 'pushedAt',
            title: t('registries.browser.pushedAt'),
            render: (_value, row) => formatTime(row.pushedAt, i18n.language),
          },
          {
            key: 'digest',
            title: t('registries.browser.digest'),
            render: (_value, row) =>
              row.digest && (
                <Typography.Text code title={row.digest}>
                  {shortDigest(row.digest)}
                </Typography.Text>
              ),
          },
          {
            key: 'copy',
            title: t('admin.common.actions'),
            render: (_value, row) =>
              row.reference && (
                <CopyButton
                  text={row.reference}
                  label={t('registries.browser.copyReference', { reference: row.reference })}
                />
              ),
          },
        ]}
      />
    </Card>
  );
}
