import { Alert, App, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnbindMfaMutation } from '../api/userApi';
import { MfaCodeInput } from './MfaCodeInput';

/** MFA is bound: a valid code unbinds it and closes the dialog. */
export function MfaUnbind({ userName, onUnbound }: { userName: string; onUnbound: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [unbind, { isLoading }] = useUnbindMfaMutation();
  const unbindWith = async (code: string) => {
    try {
      await unbind({ userName, code }).unwrap();
    } catch {
      return; // The base query has already told the user what went wrong.
    }
    void message.success(t('settings.mfa.unbound'));
    onUnbound();
  };
  return (
    <Flex vertical gap="middle" align="flex-start">
      <Alert type="success" showIcon title={t('settings.mfa.enabled')} />
      <Typography.Text>{t('settings.mfa.enterToUnbind')}</Typography.Text>
      <MfaCodeInput onComplete={(code) => void unbindWith(code)} disabled={isLoading} />
    </Flex>
  );
}
