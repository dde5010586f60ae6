import type { AccessKeyPair } from '@nimbus/api';
import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../components/CopyButton';

/** Shows a freshly issued AK/SK with copy buttons; the secret is never shown again. */
export function AccessKeyDialog({
  pair,
  onClose,
}: {
  pair: AccessKeyPair | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const row = (value: string, testId: string) => (
    <Flex align="center" justify="space-between" gap="small">
      <Typography.Text code data-testid={testId}>
        {value}
      </Typography.Text>
      <CopyButton text={value} testId={`${testId}-copy`} />
    </Flex>
  );
  return (
    <Modal
      open={pair !== undefined}
      title={t('settings.aksk.dialogTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {pair && (
        <div data-testid="aksk-dialog">
          <Alert type="warning" showIcon title={t('settings.aksk.shownOnce')} />
          <Descriptions column={1} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('settings.aksk.accessKey')}>
              {row(pair.accessKey, 'aksk-access-key')}
            </Descriptions.Item>
            <Descriptions.Item label={t('settings.aksk.secretKey')}>
              {row(pair.secretKey, 'aksk-secret-key')}
            </Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Modal>
  );
}
