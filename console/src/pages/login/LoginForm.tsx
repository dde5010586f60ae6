import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { credentialRules } from './credentialRules';

export interface SignInValues {
  userName: string;
  password: string;
  mfaCode?: string;
}

export interface LoginFormProps {
  onSubmit: (values: SignInValues) => void;
  /** The server asked for a TOTP code (code 1008): show the MFA code field. */
  mfaRequired?: boolean;
  submitting?: boolean;
}

export function LoginForm({ onSubmit, mfaRequired = false, submitting = false }: LoginFormProps) {
  const { t } = useTranslation();
  const rules = credentialRules(t);
  return (
    <Form<SignInValues>
      name="login"
      layout="vertical"
      requiredMark={false}
      onFinish={onSubmit}
      data-testid="login-form"
    >
      <Form.Item name="userName" label={t('login.userName')} rules={rules.userName}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={rules.password}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {mfaRequired && (
        <Form.Item
          name="mfaCode"
          label={t('login.mfaCode')}
          rules={[{ required: true, whitespace: true, message: t('validation.mfaCodeRequired') }]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            autoFocus
            data-testid="login-mfa-code"
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.signIn')}
        </Button>
      </Form.Item>
    </Form>
  );
}
