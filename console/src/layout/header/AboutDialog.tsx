import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../constants';
import { useSystemConfigs } from '../../appState/useAppData';

/** The product and the version the operator reports. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: configs } = useSystemConfigs();
  return (
    <Modal open={open} title={t('about.title')} onCancel={onClose} footer={null}>
      <div data-testid="about-dialog">
        <Typography.Title level={4}>{PRODUCT_NAME}</Typography.Title>
        <Typography.Paragraph>{t('about.description')}</Typography.Paragraph>
        {configs?.version && (
          <Typography.Text type="secondary" data-testid="about-version">
            {t('login.version', { version: configs.version })}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
