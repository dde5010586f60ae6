import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChangePasswordMutation } from '../api/userApi';
import { useAppDispatch, useAppStore } from '../app/hooks';
import { credentialRules } from '../pages/login/credentialRules';
import { LOGIN_PATH } from '../routes/paths';
import { appActions } from '../appState/appSlice';
import { signOut } from '../appState/signOut';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * Changes the password with the account rules. Saving closes the dialog; the server then revokes
 * every session of the user, this one included, so the console signs in again from /login.
 */
export function ChangePasswordForm({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const rules = credentialRules(t);

  const save = async (values: PasswordValues) => {
    try {
      await changePassword({
        userName,
        oldPassword: values.oldPassword,
        password: values.password,
        verifyPassword: values.confirmPassword,
      }).unwrap();
    } catch {
      return; // The base query has already told the user what went wrong.
    }
    dispatch(appActions.settingsClosed());
    void message.success(t('settings.passwordChanged'));
    await signOut(store, { callServer: false });
    await navigate(LOGIN_PATH);
  };

  return (
    <Form<PasswordValues>
      layout="vertical"
      onFinish={(values) => void save(values)}
      data-testid="settings-password-form"
    >
      <Form.Item
        name="oldPassword"
        label={t('settings.oldPassword')}
        rules={[{ required: true, message: t('validation.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={t('settings.newPassword')} rules={rules.password}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('login.confirmPassword')}
        dependencies={['password']}
        rules={rules.confirmPassword}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('settings.changePassword')}
      </Button>
    </Form>
  );
}
