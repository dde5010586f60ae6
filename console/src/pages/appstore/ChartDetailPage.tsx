import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Result,
  Select,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useChartDetailQuery } from '../../api/appStoreApi';
import { ChartIcon } from './ChartIcon';
import { chartDetailPath } from './chartLinks';
import { InstallDialog } from './InstallDialog';

const YamlEditor = lazy(() => import('../../components/yamlEditor/YamlEditor'));

/** One chart version: README, default values, the other versions, and Install. */
export default function ChartDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { name = '', version = '' } = useParams();
  const [query] = useSearchParams();
  const source = query.get('source') ?? '';
  const [installing, setInstalling] = useState(false);
  const { data, isFetching, isError } = useChartDetailQuery(
    { source, name, version },
    { skip: !source || !name || !version },
  );

  if (!source) return <Result status="warning" title={t('appStore.detail.noSource')} />;
  if (isError) return <Result status="error" title={t('appStore.detail.unavailable')} />;
  if (!data) return <Spin spinning={isFetching} />;

  return (
    <Flex vertical gap="middle" data-testid="chart-detail">
      <Flex gap="middle" align="center">
        <ChartIcon
          icon={data.icon}
          name={data.name}
          source={data.source}
          version={data.version}
          size={64}
        />
        <Flex vertical flex={1}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {data.name}
          </Typography.Title>
          <Typography.Text type="secondary">{data.description}</Typography.Text>
        </Flex>
        <Select
          aria-label={t('appStore.detail.version')}
          value={data.version}
          style={{ width: 160 }}
          options={data.versions.map((v) => ({ value: v, label: v }))}
          onChange={(next: string) => void navigate(chartDetailPath(source, name, next))}
          data-testid="chart-version"
        />
        <Button type="primary" onClick={() => setInstalling(true)} data-testid="chart-install">
          {t('appStore.detail.install')}
        </Button>
      </Flex>
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'version', label: t('appStore.detail.version'), children: data.version },
          { key: 'app', label: t('appStore.detail.appVersion'), children: data.appVersion ?? '-' },
          { key: 'source', label: t('appStore.detail.source'), children: data.source },
          ...(data.keywords.length > 0
            ? [
                {
                  key: 'keywords',
                  label: t('appStore.detail.keywords'),
                  children: data.keywords.map((k) => <Tag key={k}>{k}</Tag>),
                },
              ]
            : []),
        ]}
      />
      {data.version !== data.latestVersion && (
        <Alert
          type="info"
          showIcon
          message={t('appStore.detail.newer', { version: data.latestVersion })}
        />
      )}
      <Tabs
        items={[
          {
            key: 'readme',
            label: t('appStore.detail.readme'),
            children: data.readme ? (
              <Typography.Paragraph>
                <pre style={{ whiteSpace: 'pre-wrap' }} data-testid="chart-readme">
                  {data.readme}
                </pre>
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t('appStore.detail.noReadme')}</Typography.Text>
            ),
          },
          {
            key: 'values',
            label: t('appStore.detail.values'),
            children: (
              <Suspense fallback={<Spin />}>
                <YamlEditor
                  value={data.values}
                  readOnly
                  aria-label={t('appStore.detail.values')}
                  data-testid="chart-values"
                  height={480}
                />
              </Suspense>
            ),
          },
        ]}
      />
      {installing && <InstallDialog chart={data} onClose={() => setInstalling(false)} />}
    </Flex>
  );
}
