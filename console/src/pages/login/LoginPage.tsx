import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { useSignIn } from './useSignIn';
import { VersionText } from './VersionText';
import './LoginPage.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const { signIn, register, mfaRequired, failureKey, submitting } = useSignIn();
  return (
    <div className="nimbus-login">
      <header className="nimbus-login__toolbar">
        <LanguageSelect />
      </header>
      <main className="nimbus-login__main">
        <Card className="nimbus-login__card">
          <Typography.Title level={2}>{t('login.heading')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
          {failureKey && (
            <Typography.Paragraph type="danger" role="alert" data-testid="login-failure">
              {t(failureKey)}
            </Typography.Paragraph>
          )}
          <Tabs
            items={[
              {
                key: 'signIn',
                label: t('login.tabs.signIn'),
                children: (
                  <LoginForm
                    onSubmit={(values) => void signIn(values)}
                    mfaRequired={mfaRequired}
                    submitting={submitting}
                  />
                ),
              },
              {
                key: 'register',
                label: t('login.tabs.register'),
                children: (
                  <RegisterForm
                    onSubmit={(values) => void register(values)}
                    submitting={submitting}
                  />
                ),
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
