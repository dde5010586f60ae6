import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ padding: 48 }}>
      <Empty
        description={
          <>
            <Typography.Title level={2}>{t('notFound.title')}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('notFound.description')}
            </Typography.Paragraph>
          </>
        }
      >
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('notFound.backHome')}
        </Button>
      </Empty>
    </div>
  );
}
