import { App, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBindMfaMutation, useGenerateMfaMutation } from '../api/userApi';
import { MfaCodeInput } from './MfaCodeInput';

/** Asks the server for a new TOTP secret as a QR image and binds it with the first code. */
export function MfaBind({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [generate, generated] = useGenerateMfaMutation();
  const [bind, { isLoading: binding }] = useBindMfaMutation();
  // Each generation replaces the pending secret, so ask once even when effects run twice.
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void generate(userName);
  }, [generate, userName]);

  const bindWith = async (code: string) => {
    try {
      await bind({ userName, code }).unwrap();
      void message.success(t('settings.mfa.bound'));
    } catch {
      // The base query has already told the user what went wrong.
    }
  };

  return (
    <Flex vertical gap="middle" align="flex-start">
      <Typography.Paragraph>{t('settings.mfa.scan')}</Typography.Paragraph>
      {generated.data ? (
        <img
          src={generated.data.qrImage}
          alt={t('settings.mfa.qrAlt')}
          width={200}
          height={200}
          data-testid="mfa-qr"
        />
      ) : (
        <Spin spinning={generated.isLoading} />
      )}
      <Typography.Text>{t('settings.mfa.enterToBind')}</Typography.Text>
      <MfaCodeInput
        onComplete={(code) => void bindWith(code)}
        disabled={binding || !generated.data}
      />
    </Flex>
  );
}
