import { Alert, Card, Empty, Flex, Input, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotAllowed, refusalOf } from '../../access/NotAllowed';
import { useListChartsQuery } from '../../api/appStoreApi';
import { usePageTitleKey } from '../../routes/pageHandle';
import { isAdminRole } from '../../appState/deriveRole';
import { useDerivedRole } from '../../appState/useAppData';
import { ChartIcon } from './ChartIcon';
import { chartDetailPath } from './chartLinks';
import { ReleasesPanel } from './ReleasesPanel';

/** The app store: charts of the organization's chart sources, and the releases made from them. */
export default function AppStoreListPage() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  const [search, setSearch] = useState<string>();
  const { data, isFetching, error } = useListChartsQuery(search ? { search } : {});
  const admin = isAdminRole(useDerivedRole());

  const charts = (
    <Flex vertical gap="middle">
      <Input.Search
        allowClear
        placeholder={t('appStore.list.search')}
        aria-label={t('appStore.list.search')}
        onSearch={(value) => setSearch(value.trim() || undefined)}
        style={{ maxWidth: 360 }}
        data-testid="appstore-search"
      />
      {data?.problems.map((problem) => (
        <Alert
          key={problem.source}
          type="warning"
          showIcon
          message={t('appStore.list.sourceProblem', { source: problem.source })}
          description={problem.message}
        />
      ))}
      <Spin spinning={isFetching}>
        {refusalOf(error) ? (
          <NotAllowed error={error} />
        ) : data && data.items.length === 0 ? (
          <Empty description={t('appStore.list.empty')} />
        ) : (
          <Flex wrap gap="middle" data-testid="appstore-charts">
            {data?.items.map((chart) => (
              <Link
                key={`${chart.source}/${chart.name}`}
                to={chartDetailPath(chart.source, chart.name, chart.latestVersion)}
                data-testid={`chart-card-${chart.name}`}
              >
                <Card hoverable style={{ width: 300 }}>
                  <Card.Meta
                    avatar={
                      <ChartIcon
                        icon={chart.icon}
                        name={chart.name}
                        source={chart.source}
                        version={chart.latestVersion}
                      />
                    }
                    title={chart.name}
                    description={
                      <Flex vertical gap={4}>
                        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                          {chart.description ?? ''}
                        </Typography.Paragraph>
                        <Flex gap={4} wrap>
                          <Tag color="blue">{chart.latestVersion}</Tag>
                          <Tag>{t('appStore.list.source', { source: chart.source })}</Tag>
                        </Flex>
                      </Flex>
                    }
                  />
                </Card>
              </Link>
            ))}
          </Flex>
        )}
      </Spin>
    </Flex>
  );

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>{titleKey ? t(titleKey) : ''}</Typography.Title>
        {admin && (
          <Link to="/admin/appstore/sources" data-testid="appstore-sources-link">
            {t('chartSources.manage')}
          </Link>
        )}
      </Flex>
      <Tabs
        items={[
          { key: 'charts', label: t('appStore.list.charts'), children: charts },
          { key: 'releases', label: t('appStore.releases.title'), children: <ReleasesPanel /> },
        ]}
      />
    </Flex>
  );
}
