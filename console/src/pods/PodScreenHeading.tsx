import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '../resources/detailPath';
import type { ContainerTarget } from './podPaths';

/** The heading of a container's logs or shell: what it is, where, and the way back to the pod. */
export function PodScreenHeading({
  target,
  title,
  extra,
}: {
  target: ContainerTarget;
  title: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { vendor, region, cluster, namespace, pod } = target;
  return (
    <Flex justify="space-between" align="center" wrap gap="middle">
      <Flex align="baseline" gap="middle" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('pods.target', { namespace, cluster })}
        </Typography.Text>
        <Link
          to={detailPath({ type: 'Pod', name: pod, vendor, region, cluster, namespace })}
          data-testid="pod-screen-back"
        >
          {t('pods.backToPod')}
        </Link>
      </Flex>
      {extra}
    </Flex>
  );
}
