import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../i18n/translationKey';
import { TOOL_LINKS } from '../../layout/navigation/menuModel';

/** SPEC §2's tool descriptions, by the tool's path in the header menu's tool links. */
const DESCRIPTIONS: Readonly<Record<string, TranslationKey>> = {
  '/cluster-dashboard': 'home.tools.clusterMonitorDescription',
  '/audit': 'home.tools.auditDescription',
  '/add/import': 'home.tools.importYamlDescription',
};

/** The three tool cards of the home view: cluster monitoring, audit list, one-click YAML import. */
export function ToolCards() {
  const { t } = useTranslation();
  return (
    <Card title={t('home.tools.title')} size="small">
      <Row gutter={[12, 12]}>
        {TOOL_LINKS.map(({ to, labelKey }) => {
          const description = DESCRIPTIONS[to];
          return (
            <Col key={to} xs={24} md={8}>
              <Card size="small" data-testid="home-tool-card" style={{ height: '100%' }}>
                <Link to={to}>{t(labelKey)}</Link>
                {description && (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                    {t(description)}
                  </Typography.Paragraph>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
