import { ReadOutlined } from '@ant-design/icons';
import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClusterCards } from './ClusterCards';
import { docsUrlFor } from './docsUrl';
import { HistoryCard } from './HistoryCard';
import { ResourceSearch } from './ResourceSearch';
import { ToolCards } from './ToolCards';

/** Control panel: search, clusters, recent history, tools and the docs link. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  return (
    <div style={{ padding: 24 }}>
      <Flex align="baseline" justify="space-between" gap="middle" wrap>
        <Typography.Title level={2}>{t('home.title')}</Typography.Title>
        <a
          href={docsUrlFor(i18n.language)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="home-docs-link"
        >
          <ReadOutlined /> {t('home.docs')}
        </a>
      </Flex>
      <ResourceSearch />
      <ClusterCards />
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        <Col xs={24} lg={12}>
          <HistoryCard />
        </Col>
        <Col xs={24} lg={12}>
          <ToolCards />
        </Col>
      </Row>
    </div>
  );
}
