import { Button, Card, Empty, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListRepositoriesQuery } from '../../../../api/registryApi';
import { LOCAL_PAGING } from './localPaging';

/**
 * A registry's repositories, filtered as one types (the registry answers them all at once, so
 * there is nothing to page on the server); choosing one shows its tags beside.
 */
export function RepositoryList({
  registryId,
  chosen,
  onChoose,
}: {
  registryId: string;
  chosen: string | undefined;
  onChoose: (repository: string) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const { data = [], isFetching, isError } = useListRepositoriesQuery(registryId);
  const needle = filter.trim().toLowerCase();
  const shown = data.filter((item) => item.repositoryName.toLowerCase().includes(needle));
  // A failed read was reported by the base query: the empty table then claims nothing more.
  const emptyText = isError
    ? undefined
    : data.length === 0
      ? t('registries.browser.noRepositories')
      : t('registries.browser.noMatch');

  return (
    <Card size="small" title={t('registries.browser.repositories', { count: data.length })}>
      <Input.Search
        allowClear
        aria-label={t('registries.browser.filter')}
        placeholder={t('registries.browser.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        style={{ marginBottom: 12 }}
        data-testid="registry-repositories-filter"
      />
      <Table
        data-testid="registry-repositories"
        size="small"
        rowKey="repositoryName"
        dataSource={shown}
        loading={isFetching}
        pagination={LOCAL_PAGING}
        rowClassName={(item) => (item.repositoryName === chosen ? 'ant-table-row-selected' : '')}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        columns={[
          {
            key: 'repositoryName',
            title: t('registries.browser.repository'),
            render: (_value, item) => (
              <Button
                type="link"
                size="small"
                aria-current={item.repositoryName === chosen ? 'true' : undefined}
                onClick={() => onChoose(item.repositoryName)}
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
              >
                {item.repositoryName}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
