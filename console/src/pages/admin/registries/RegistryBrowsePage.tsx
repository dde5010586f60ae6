import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Result, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { currentOrganizationId } from '../../../components/admin/session';
import { ADMIN_PATHS } from '../adminPaths';
import { RepositoryList } from './browse/RepositoryList';
import { RepositoryTags } from './browse/RepositoryTags';
import { PlainHttpTag } from './PlainHttpTag';
import { useRegistryNamed } from './useRegistryNamed';

/** The query parameter naming the chosen repository, so a link or a reload keeps it. */
const REPOSITORY_PARAM = 'repository';

/**
 * `/admin/registry/browse/:name`: what a stored registry holds, its repositories and, for the
 * one chosen, its tags with the reference to pull each by.
 */
export default function RegistryBrowsePage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get(REPOSITORY_PARAM) ?? undefined;
  const { registry, loading } = useRegistryNamed(name, currentOrganizationId());

  if (loading && !registry) return <Spin style={{ margin: 48 }} />;
  if (!registry) {
    return (
      <Result
        status="404"
        title={t('registries.browser.notFound', { name })}
        extra={
          <Link to={ADMIN_PATHS.registries}>
            <Button>{t('registries.toList')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <Flex vertical gap="large" style={{ padding: 24 }} data-testid="registry-browse">
      <Space align="center" wrap>
        <Link to={ADMIN_PATHS.registries} aria-label={t('registries.toList')}>
          <ArrowLeftOutlined />
        </Link>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {registry.name}
        </Typography.Title>
        <Typography.Text type="secondary">{registry.host}</Typography.Text>
        {registry.plainHttp && <PlainHttpTag />}
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <RepositoryList
            registryId={registry.uuid}
            chosen={chosen}
            onChoose={(repository) =>
              setSearchParams({ [REPOSITORY_PARAM]: repository }, { replace: true })
            }
          />
        </Col>
        <Col xs={24} xl={15}>
          {chosen === undefined ? (
            <Card size="small">
              <Empty description={t('registries.browser.chooseRepository')} />
            </Card>
          ) : (
            <RepositoryTags registryId={registry.uuid} host={registry.host} repository={chosen} />
          )}
        </Col>
      </Row>
    </Flex>
  );
}
