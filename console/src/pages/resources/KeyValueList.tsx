import { Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formattedJsonObject, type KeyValueEntry } from '../../resources/keyValues';

/** Labels or annotations; values that are JSON objects are shown formatted. */
export function KeyValueList({ entries, testId }: { entries: KeyValueEntry[]; testId: string }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resources.detail.none')} />;
  }
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map(({ key, value }) => {
        const json = formattedJsonObject(value);
        return (
          <li key={key} data-testid={`${testId}-entry`} style={{ marginBottom: 6 }}>
            <Tag>{key}</Tag>
            {json === undefined ? (
              <Typography.Text>{value}</Typography.Text>
            ) : (
              <pre style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{json}</pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
