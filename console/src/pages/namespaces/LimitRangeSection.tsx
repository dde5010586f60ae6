import type { LimitRangeObject, NamespaceAddress } from '@nimbus/api';
import { App, Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveLimitRangeMutation } from '../../api/namespaceApi';
import {
  CONTAINER_BOUNDS,
  LIMIT_RANGE_NAME,
  limitRangeFields,
  limitRangeSpec,
  POD_BOUNDS,
  type Bound,
  type LimitRangeFields as LimitRangeValues,
} from './namespaceValues';
import { PolicyDialog } from './PolicyDialog';
import { LimitRangeFields } from './PolicyFields';

/** The limit range the console manages: its own when present, else the namespace's first. */
export const pickLimitRange = (ranges: readonly LimitRangeObject[]) =>
  ranges.find((range) => range.metadata.name === LIMIT_RANGE_NAME) ?? ranges[0];

const TYPES = [
  { type: 'pod', bounds: POD_BOUNDS },
  { type: 'container', bounds: CONTAINER_BOUNDS },
] as const;

/** A namespace's Pod and Container bounds, with an edit dialog (PUT, or POST when there is none). */
export function LimitRangeSection({
  address,
  limitRange,
  editable = true,
}: {
  address: NamespaceAddress;
  limitRange: LimitRangeObject | undefined;
  /** False when the caller may not set limit ranges: the edit button is left out. */
  editable?: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { message } = App.useApp();
  const [save] = useSaveLimitRangeMutation();
  const fields = limitRangeFields(limitRange?.spec);
  const notSet = t('namespaces.detail.notSet');

  return (
    <Card
      title={t('namespaces.limits.title')}
      data-testid="namespace-limits-section"
      extra={
        editable && (
          <Button onClick={() => setEditing(true)} data-testid="namespace-limits-edit">
            {t('namespaces.detail.editLimits')}
          </Button>
        )
      }
    >
      {TYPES.map(({ type, bounds }) => (
        <Descriptions
          key={type}
          title={t(`namespaces.limits.${type}`)}
          column={{ xs: 1, sm: 2 }}
          size="small"
          style={{ marginBottom: 16 }}
        >
          {(bounds as readonly Bound[]).flatMap((bound) =>
            (['cpu', 'memory'] as const).map((resource) => (
              <Descriptions.Item
                key={`${bound}-${resource}`}
                label={t(`namespaces.limits.${bound}.${resource}`)}
              >
                {fields[type]?.[bound as 'max']?.[resource] || notSet}
              </Descriptions.Item>
            )),
          )}
        </Descriptions>
      ))}
      {editing && (
        <PolicyDialog<{ limits: LimitRangeValues }>
          title={t('namespaces.detail.editLimits')}
          testId="namespace-limits-form"
          initialValues={{ limits: fields }}
          onClose={() => setEditing(false)}
          onSave={({ limits }) => {
            const spec = limitRangeSpec(limits, limitRange?.spec);
            // Kubernetes needs at least one item; an empty limit range cannot be saved.
            if (spec.limits.length === 0) {
              void message.warning(t('namespaces.detail.limitsEmpty'));
              return Promise.reject(new Error('empty limit range'));
            }
            return save({
              vendor: address.vendor,
              region: address.region,
              cluster: address.cluster,
              namespace: address.name,
              name: limitRange?.metadata.name ?? LIMIT_RANGE_NAME,
              replace: limitRange !== undefined,
              spec,
            }).unwrap();
          }}
        >
          <LimitRangeFields prefix={['limits']} />
        </PolicyDialog>
      )}
    </Card>
  );
}
