import { useTranslation } from 'react-i18next';
import { LanguagePicker } from './LanguagePicker';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { SignInTabs } from './SignInTabs';
import { useSignIn } from './useSignIn';
import { VersionText } from './VersionText';
import './SignInScreen.css';

/**
 * The sign-in and register screen (SPEC §2). It needs only React, the store and i18next, not
 * antd or the router: the console paints it first and loads the rest meanwhile (main.tsx).
 * `onSignedIn` goes home, by the router inside the console, by starting the console at first.
 */
export function SignInScreen({ onSignedIn }: { onSignedIn: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const { signIn, register, mfaRequired, failureKey, submitting } = useSignIn(onSignedIn);
  return (
    <div className="nimbus-login">
      <header className="nimbus-login__toolbar">
        <LanguagePicker />
      </header>
      <main className="nimbus-login__main">
        <section className="nimbus-login__card" aria-labelledby="nimbus-login-heading">
          <h2 id="nimbus-login-heading" className="nimbus-login__heading">
            {t('login.heading')}
          </h2>
          <p className="nimbus-login__subtitle">{t('login.subtitle')}</p>
          {failureKey && (
            <p className="nimbus-login__failure" role="alert" data-testid="login-failure">
              {t(failureKey)}
            </p>
          )}
          <SignInTabs
            tabs={[
              {
                key: 'signIn',
                label: t('login.tabs.signIn'),
                content: (
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
                content: (
                  <RegisterForm
                    onSubmit={(values) => void register(values)}
                    submitting={submitting}
                  />
                ),
              },
            ]}
          />
        </section>
      </main>
      <footer className="nimbus-login__footer">
        <VersionText />
      </footer>
    </div>
  );
}
