import type { AccessKeyPair } from '@nimbus/api';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetAccessKeyMutation } from '../api/userApi';
import { AccessKeyDialog } from './AccessKeyDialog';

/**
 * Resets the user's AK/SK and shows the new pair once. Saving reloads the user's data (the
 * mutation invalidates it) and leaves the settings open.
 */
export function AccessKeyTab({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const [reset, { isLoading }] = useResetAccessKeyMutation();
  const [pair, setPair] = useState<AccessKeyPair>();
  const resetKeys = async () => {
    try {
      setPair(await reset(userName).unwrap());
    } catch {
      // The base query has already told the user what went wrong.
    }
  };
  return (
    <>
      <Typography.Paragraph>{t('settings.aksk.description')}</Typography.Paragraph>
      <Button
        type="primary"
        loading={isLoading}
        onClick={() => void resetKeys()}
        data-testid="aksk-reset"
      >
        {t('settings.aksk.reset')}
      </Button>
      <AccessKeyDialog pair={pair} onClose={() => setPair(undefined)} />
    </>
  );
}
