import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { credentialRules } from './credentialRules';

export interface RegisterValues {
  userName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function RegisterForm({
  onSubmit,
  submitting = false,
}: {
  onSubmit: (values: RegisterValues) => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation();
  const rules = credentialRules(t);
  return (
    <Form<RegisterValues>
      name="register"
      layout="vertical"
      requiredMark={false}
      onFinish={onSubmit}
      data-testid="register-form"
    >
      <Form.Item name="userName" label={t('login.userName')} rules={rules.userName}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item name="email" label={t('login.email')} rules={rules.email}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={rules.password}>
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
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.register')}
        </Button>
      </Form.Item>
    </Form>
  );
}
