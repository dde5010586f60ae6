import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { pageReload } from '../lib/pageReload';
import { isChunkLoadError } from './loadChunk';

/** Shown when a route fails: a chunk that did not load (offer a reload) or an unexpected error. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const chunkFailed = isChunkLoadError(useRouteError());
  return (
    <Flex vertical align="center" justify="center" gap="small" style={{ minHeight: '100vh' }}>
      <Typography.Title level={3}>
        {chunkFailed ? t('routeError.chunkTitle') : t('routeError.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {chunkFailed ? t('routeError.chunkDescription') : t('routeError.description')}
      </Typography.Paragraph>
      <Button type="primary" onClick={() => pageReload.reload()}>
        {t('routeError.reload')}
      </Button>
    </Flex>
  );
}
