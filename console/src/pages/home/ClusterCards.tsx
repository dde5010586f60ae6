import { Col, Empty, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListProvidersQuery } from '../../api/clusterApi';
import { currentOrganizationId } from '../../components/admin/session';
import { MAX_PAGE_SIZE } from '../../components/admin/useListParams';
import { ADMIN_PATHS } from '../admin/adminPaths';
import { isAdminRole } from '../../appState/deriveRole';
import { useDerivedRole } from '../../appState/useAppData';
import { ClusterCard } from './ClusterCard';

/** The user's clusters in the current organization, as cards. */
export function ClusterCards() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const isAdmin = isAdminRole(useDerivedRole());
  const { data, isLoading } = useListProvidersQuery(
    { organizationId, page: 1, pageSize: MAX_PAGE_SIZE },
    { skip: !organizationId },
  );
  const clusters = data?.items ?? [];

  return (
    <section aria-labelledby="home-clusters-title" style={{ marginTop: 24 }}>
      <Typography.Title level={4} id="home-clusters-title">
        {t('home.clusters.title')}
      </Typography.Title>
      {isLoading ? (
        <Spin />
      ) : clusters.length === 0 ? (
        <Empty description={t('home.clusters.empty')}>
          {isAdmin && <Link to={ADMIN_PATHS.clusterAdd}>{t('home.clusters.create')}</Link>}
        </Empty>
      ) : (
        <Row gutter={[16, 16]}>
          {clusters.map((cluster) => (
            <Col key={cluster.name} xs={24} sm={12} lg={8} xl={6}>
              <ClusterCard cluster={cluster} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
