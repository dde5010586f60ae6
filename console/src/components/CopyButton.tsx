import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Copies `text` to the clipboard and says whether it worked. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('common.copied'));
    } catch {
      void message.error(t('common.copyFailed'));
    }
  };
  return (
    <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={testId}>
      {t('common.copy')}
    </Button>
  );
}
