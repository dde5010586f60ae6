import { useSignInTranslation } from './useSignInTranslation';
import { LanguagePicker } from './LanguagePicker';
import { LoginForm } from './LoginForm';
import { ProviderButtons } from './ProviderButtons';
import { ProviderLogoutNotice } from './ProviderLogoutNotice';
import { RegisterForm } from './RegisterForm';
import type { CallbackBody } from './signInCallback';
import { SignInTabs } from './SignInTabs';
import { useProviderSignIn } from './useProviderSignIn';
import { useSignIn } from './useSignIn';
import { VersionText } from './VersionText';
import './SignInScreen.css';

/**
 * The sign-in and register screen. It needs only React, the store and i18next, not
 * antd or the router: the console paints it first and loads the rest meanwhile (main.tsx).
 * `onSignedIn` goes home, by the router inside the console, by starting the console at first.
 * `callback` is what an identity provider sent the browser back with (/login/callback).
 */
export function SignInScreen({
  onSignedIn,
  callback,
}: {
  onSignedIn: () => Promise<void> | void;
  callback?: CallbackBody | undefined;
}) {
  const { t } = useSignInTranslation();
  const { signIn, register, mfaRequired, failureKey, submitting } = useSignIn(onSignedIn);
  const provider = useProviderSignIn(callback, onSignedIn);
  return (
    <div className="nimbus-login">
      <header className="nimbus-login__toolbar">
        <LanguagePicker />
      </header>
      <main className="nimbus-login__main">
        <section className="nimbus-login__card" aria-labelledby="nimbus-login-heading">
          {/* The address it heads, as the shell's headings carry it (layout/PageHeading.tsx). */}
          <h1
            id="nimbus-login-heading"
            className="nimbus-login__heading"
            data-location={window.location.pathname + window.location.search}
          >
            {t('login.heading')}
          </h1>
          <p className="nimbus-login__subtitle">{t('login.subtitle')}</p>
          <ProviderLogoutNotice />
          {failureKey && (
            <p className="nimbus-login__failure" role="alert" data-testid="login-failure">
              {t(failureKey)}
            </p>
          )}
          {provider.failure && (
            <p className="nimbus-login__failure" role="alert" data-testid="sso-failure">
              {t(provider.failure.key)}
              {provider.failure.detail && (
                <span className="nimbus-login__detail">{provider.failure.detail}</span>
              )}
            </p>
          )}
          <SignInTabs
            tabs={[
              {
                key: 'signIn',
                label: t('login.tabs.signIn'),
                content: (
                  <>
                    <LoginForm
                      onSubmit={(values) => void signIn(values)}
                      mfaRequired={mfaRequired}
                      submitting={submitting || provider.busy}
                    />
                    <ProviderButtons
                      onChoose={(name) => void provider.start(name)}
                      busy={provider.busy}
                    />
                  </>
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
