import type { DashboardView } from '@nimbus/api';
import { EyeOutlined } from '@ant-design/icons';
import { Button, Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricsRange } from '../../api/metricsApi';
import { PanelBody } from './PanelBody';
import type { PanelFormValues } from './panelDraft';

const lastHour: MetricsRange = { range: '1h' };

export interface PanelPreviewProps {
  /** The editor's query as it stands; drawn when the user asks, not on each keystroke. */
  query: string;
  location: DashboardView['location'];
}

/**
 * The panel editor's preview: the query as it stands when Preview is pressed, over the last hour,
 * drawn as the unsaved form says (visualization, unit, legend, threshold) and redrawn as those
 * change, so a panel is seen before it is saved.
 */
export function PanelPreview({ query, location }: PanelPreviewProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PanelFormValues>();
  const look = Form.useWatch((values: PanelFormValues) => values, form);
  const [previewed, setPreviewed] = useState<string>();
  const blank = query.trim() === '';
  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={t('dashboards.config.previewTitle')}
      data-testid="panel-preview"
      extra={
        <Button
          data-testid="panel-preview-run"
          icon={<EyeOutlined />}
          disabled={blank}
          onClick={() => setPreviewed(query.trim())}
        >
          {t('dashboards.config.preview')}
        </Button>
      }
    >
      {previewed === undefined ? (
        <Typography.Text type="secondary">{t('dashboards.config.previewHint')}</Typography.Text>
      ) : (
        <PanelBody
          location={location}
          range={lastHour}
          panel={{
            query: previewed,
            visualization: look?.visualization ?? 'line',
            unit: look?.unit ?? undefined,
            legendFormat: look?.legendFormat?.trim() || undefined,
            threshold: look?.threshold ?? undefined,
            danger: look?.danger ?? undefined,
          }}
        />
      )}
    </Card>
  );
}
