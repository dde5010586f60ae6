import { Card, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProviderName } from '../../clusters/VendorLogo';
import type { TranslationKey } from '../../i18n/translationKey';
import { readHistory, type HistoryRecord } from '../../session/recentHistory';

const FIELDS: readonly [keyof HistoryRecord, TranslationKey][] = [
  ['type', 'home.history.type'],
  ['namespace', 'home.history.namespace'],
  ['cluster', 'home.history.cluster'],
  ['region', 'home.history.region'],
  ['vendor', 'home.history.vendor'],
];

/** The recent-history card: the detail pages the user visited lately, newest first. */
export function HistoryCard() {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const [history] = useState(readHistory);
  // The vendor is a provider kind in the address (ProviderKubeconfig): shown by its name.
  const shown = (record: HistoryRecord, field: keyof HistoryRecord) =>
    field === 'vendor' ? providerName(record.vendor ?? '') : record[field];
  return (
    <Card title={t('home.history.title')} size="small" data-testid="home-history">
      {history.length === 0 ? (
        <Empty description={t('home.history.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {history.map((record) => (
            <li key={record.fullPath} data-testid="home-history-entry" style={{ marginBottom: 8 }}>
              <Link to={record.fullPath}>{record.name}</Link>
              <Flex gap="middle" wrap>
                {FIELDS.filter(([field]) => record[field]).map(([field, label]) => (
                  <Typography.Text key={field} type="secondary">
                    {t(label)}: {shown(record, field)}
                  </Typography.Text>
                ))}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
