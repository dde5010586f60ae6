import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Marks a registry reached over plain http, so its unencrypted login is never a surprise. */
export function PlainHttpTag() {
  const { t } = useTranslation();
  return (
    <Tag color="warning" data-testid="registry-plain-http-tag">
      {t('registries.plainHttpTag')}
    </Tag>
  );
}
