import { Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Resource } from './quantity';
import { boundOrderRule, quantityRule } from './quantityRules';
import { CONTAINER_BOUNDS, POD_BOUNDS, type Bound } from './namespaceValues';

const RESOURCES: readonly Resource[] = ['cpu', 'memory'];
const PLACEHOLDERS: Record<Resource, string> = { cpu: '500m', memory: '512Mi' };

/** Resource quota totals: CPU and memory, both optional. Values live under `prefix`. */
export function QuotaFields({ prefix }: { prefix: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      {RESOURCES.map((resource) => (
        <Col key={resource} xs={24} sm={12}>
          <Form.Item
            name={[...prefix, resource]}
            label={t(`namespaces.quota.${resource}`)}
            rules={[quantityRule(resource, t)]}
          >
            <Input
              data-testid={`namespace-quota-${resource}`}
              placeholder={PLACEHOLDERS[resource]}
              autoComplete="off"
            />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

function BoundFields({
  path,
  type,
  bounds,
}: {
  path: readonly string[];
  type: 'pod' | 'container';
  bounds: readonly Bound[];
}) {
  const { t } = useTranslation();
  const typeLabel = t(`namespaces.limits.${type}`);
  return (
    <section aria-label={typeLabel}>
      <Typography.Title level={5}>{typeLabel}</Typography.Title>
      <Row gutter={16}>
        {bounds.flatMap((bound) =>
          RESOURCES.map((resource) => {
            const label = t(`namespaces.limits.${bound}.${resource}`);
            return (
              <Col key={`${bound}-${resource}`} xs={24} sm={12}>
                <Form.Item
                  name={[...path, bound, resource]}
                  label={label}
                  dependencies={bounds
                    .filter((other) => other !== bound)
                    .map((other) => [...path, other, resource])}
                  rules={[quantityRule(resource, t), boundOrderRule(path, bound, resource, t)]}
                >
                  <Input
                    data-testid={`namespace-limits-${type}-${bound}-${resource}`}
                    aria-label={t('namespaces.limits.fieldName', { type: typeLabel, field: label })}
                    placeholder={PLACEHOLDERS[resource]}
                    autoComplete="off"
                  />
                </Form.Item>
              </Col>
            );
          }),
        )}
      </Row>
    </section>
  );
}

/**
 * Limit range bounds for Pods (max, min) and Containers (max, min, default limit, default request);
 * Kubernetes refuses defaults for type Pod. Values live under `prefix`.
 */
export function LimitRangeFields({ prefix }: { prefix: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('namespaces.limits.hint')}</Typography.Paragraph>
      <BoundFields path={[...prefix, 'pod']} type="pod" bounds={POD_BOUNDS} />
      <BoundFields path={[...prefix, 'container']} type="container" bounds={CONTAINER_BOUNDS} />
    </>
  );
}
