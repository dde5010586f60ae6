import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Copies `text` to the clipboard and says whether it worked. Where several sit side by side (a
 * row each), `label` names what each copies, for screen readers and as its tooltip.
 */
export function CopyButton({
  text,
  testId,
  label,
}: {
  text: string;
  testId?: string;
  label?: string;
}) {
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
    <Button
      icon={<CopyOutlined />}
      onClick={() => void copy()}
      data-testid={testId}
      aria-label={label}
      title={label}
    >
      {t('common.copy')}
    </Button>
  );
}
