import type { UserView } from '@nimbus/api';
import { App, Button, Form, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateGeneralMutation } from '../api/userApi';

interface BasicValues {
  name: string;
  email: string;
}

/** Name and email of the signed-in user; saving closes the dialog. */
export function BasicSettingsForm({ user, onSaved }: { user: UserView; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const userNameId = useId();
  const [update, { isLoading }] = useUpdateGeneralMutation();
  const save = async (values: BasicValues) => {
    await update({ userName: user.userName, name: values.name.trim(), email: values.email.trim() })
      .unwrap()
      .then(() => {
        void message.success(t('common.operationSucceeded'));
        onSaved();
      })
      // The base query has already told the user what went wrong.
      .catch(() => undefined);
  };
  return (
    <Form<BasicValues>
      layout="vertical"
      initialValues={{ name: user.name, email: user.email }}
      onFinish={(values) => void save(values)}
      data-testid="settings-basic-form"
    >
      {/* Not a form field (a user name does not change): its label names it through an id. */}
      <Form.Item label={t('login.userName')} htmlFor={userNameId}>
        <Input id={userNameId} value={user.userName} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('settings.name')}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('login.email')}
        validateTrigger={['onBlur', 'onChange']}
        rules={[
          { required: true, message: t('validation.emailRequired') },
          { type: 'email', message: t('validation.emailFormat') },
        ]}
      >
        <Input autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
