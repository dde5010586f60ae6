import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { VersionText } from './VersionText';
import './LoginPage.css';

// Signing in and registering call the auth endpoints, which arrive with the auth service.
const notYetSubmitted = (): void => undefined;

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <div className="nimbus-login">
      <header className="nimbus-login__toolbar">
        <LanguageSelect />
      </header>
      <main className="nimbus-login__main">
        <Card className="nimbus-login__card">
          <Typography.Title level={2}>{t('login.heading')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
          <Tabs
            items={[
              {
                key: 'signIn',
                label: t('login.tabs.signIn'),
                children: <LoginForm onSubmit={notYetSubmitted} />,
              },
              {
                key: 'register',
                label: t('login.tabs.register'),
                children: <RegisterForm onSubmit={notYetSubmitted} />,
              },
            ]}
          />
        </Card>
      </main>
      <footer className="nimbus-login__footer">
        <VersionText />
      </footer>
    </div>
  );
}
