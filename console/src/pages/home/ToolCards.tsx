import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMenu } from '../../layout/navigation/useMenu';

/**
 * The tool cards of the home view (cluster monitoring, audit list, one-click YAML
 * import): the header menu's tools that carry a description.
 */
export function ToolCards() {
  const { t } = useTranslation();
  const tools = useMenu('tools').filter((tool) => tool.descriptionKey !== undefined);
  return (
    <Card title={t('home.tools.title')} size="small">
      <Row gutter={[12, 12]}>
        {tools.map(({ to, labelKey, descriptionKey }) => (
          <Col key={to} xs={24} md={8}>
            <Card size="small" data-testid="home-tool-card" style={{ height: '100%' }}>
              <Link to={to}>{t(labelKey)}</Link>
              {descriptionKey && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t(descriptionKey)}
                </Typography.Paragraph>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
