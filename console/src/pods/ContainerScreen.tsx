import { Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { containerTargetOf, type ContainerTarget } from './podPaths';
import { PodScreenHeading } from './PodScreenHeading';

/**
 * A full-page screen about one container (`/logs/…`, `/shell/…`): the target read from the route,
 * a heading, and the screen's body, mounted afresh for another target.
 */
export function ContainerScreen({
  heading,
  testId,
  children,
}: {
  heading: (target: ContainerTarget) => string;
  testId: string;
  children: (target: ContainerTarget) => ReactNode;
}) {
  const { t } = useTranslation();
  const params = useParams();
  const [query] = useSearchParams();
  const target = containerTargetOf(params, query);
  if (!target) {
    return (
      <Result status="404" title={t('pods.invalidTarget')} data-testid={`${testId}-invalid`} />
    );
  }
  return (
    <Flex
      vertical
      gap="middle"
      data-testid={testId}
      key={JSON.stringify(target)}
      style={{ height: '100vh', padding: 16, boxSizing: 'border-box' }}
    >
      <PodScreenHeading target={target} title={heading(target)} />
      {children(target)}
    </Flex>
  );
}
