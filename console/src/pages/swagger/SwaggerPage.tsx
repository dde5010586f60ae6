import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetOpenApiQuery } from '../../api/systemApi';

const OpenApiRenderer = lazy(() => import('./OpenApiRenderer'));

const hasOperations = (document: Record<string, unknown>): boolean => {
  const paths = document.paths;
  return typeof paths === 'object' && paths !== null && Object.keys(paths).length > 0;
};

/**
 * `/swagger`: the API's OpenAPI document (GET /api/v1/openapi.json), rendered. A failed fetch
 * raises no notification; the page says so and offers to try again.
 */
export default function SwaggerPage() {
  const { t } = useTranslation();
  const { data: document, isLoading, isError, isFetching, refetch } = useGetOpenApiQuery(undefined);
  const loading = (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin description={t('swagger.loading')} data-testid="swagger-loading" />
    </Flex>
  );

  const body = isLoading ? (
    loading
  ) : isError || !document ? (
    <Empty description={t('swagger.unavailable')} data-testid="swagger-unavailable">
      <Button onClick={() => void refetch()} loading={isFetching}>
        {t('swagger.retry')}
      </Button>
    </Empty>
  ) : !hasOperations(document) ? (
    <Empty description={t('swagger.empty')} data-testid="swagger-empty" />
  ) : (
    <Suspense fallback={loading}>
      <OpenApiRenderer document={document} />
    </Suspense>
  );

  return (
    <Flex vertical gap="small" style={{ padding: 24 }} data-testid="swagger-page">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('routes.swagger')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('swagger.tryItOut')}
      </Typography.Paragraph>
      {body}
    </Flex>
  );
}
