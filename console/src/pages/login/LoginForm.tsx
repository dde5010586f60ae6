import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { credentialRules } from './credentialRules';

export interface SignInValues {
  userName: string;
  password: string;
}

export function LoginForm({ onSubmit }: { onSubmit: (values: SignInValues) => void }) {
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
      <Form.Item>
        <Button type="primary" htmlType="submit" block>
          {t('login.signIn')}
        </Button>
      </Form.Item>
    </Form>
  );
}
