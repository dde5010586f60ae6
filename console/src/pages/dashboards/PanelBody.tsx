import type { DashboardView, Panel } from '@nimbus/api';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface PanelBodyProps {
  panel: Panel;
  location: DashboardView['location'];
}

/** A panel's content: its query's series, drawn as the panel says. */
export function PanelBody({ panel, location }: PanelBodyProps) {
  const { t } = useTranslation();
  if (!location)
    return <Alert type="warning" showIcon message={t('dashboards.detail.noCluster')} />;
  return (
    <Typography.Paragraph code copyable style={{ marginBottom: 0 }}>
      {panel.query}
    </Typography.Paragraph>
  );
}
