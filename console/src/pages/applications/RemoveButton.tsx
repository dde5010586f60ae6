import { MinusCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Removes one row of a list field; a real button, so it is reached with the keyboard. */
export function RemoveButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      icon={<MinusCircleOutlined />}
      aria-label={t('appForm.remove')}
      onClick={onClick}
    />
  );
}
