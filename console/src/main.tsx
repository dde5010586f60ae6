import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createAppStore } from './app/store';
import { API_BASE_PATH } from './constants';
import { refusedCluster } from './access/refusedCluster';
import { createAntdApiFeedback, type AntdFeedbackApis } from './feedback/antdApiFeedback';
import { showUserInfoFailure } from './feedback/userInfoFailure';
import { createI18n } from './i18n/createI18n';
import { detectBrowserLanguage } from './i18n/detectLanguage';
import { loadLanguageBundle } from './i18n/loadMessages';
import { pageReload } from './lib/pageReload';
import { preloadPageAt } from './routes/preloadPage';
import { createAppRouter } from './routes/router';
import { dropLegacyToken, readSession } from './session/session';
import { forgetSignedInUser } from './session/signedInRecords';
import { shellActions } from './shell/shellSlice';

let antdApis: AntdFeedbackApis | undefined;
const bindAntdApis = (apis: AntdFeedbackApis): void => {
  antdApis = apis;
};

async function bootstrap(container: HTMLElement): Promise<void> {
  const language = detectBrowserLanguage();
  document.documentElement.lang = language;
  preloadPageAt(window.location.pathname);
  const { messages, antdLocale } = await loadLanguageBundle(language);
  const i18n = createI18n(language, messages);
  const t = i18n.t.bind(i18n);

  // The feedback needs the store (to open the settings) and the store needs the feedback; the
  // store is only used once requests run, after both exist.
  const feedback = createAntdApiFeedback({
    apis: () => antdApis,
    t,
    // SPEC §8: after the token-expired prompt, log out and reload (the token is already invalid,
    // so only the local session is cleared).
    reLogin: () => {
      forgetSignedInUser();
      pageReload.reload();
    },
    openPasswordChange: () => store.dispatch(shellActions.settingsOpened('password')),
    explainRefusal: ({ url }) => store.dispatch(shellActions.whyOpened(refusedCluster(url))),
  });
  dropLegacyToken();
  const store = createAppStore({ feedback, baseUrl: API_BASE_PATH, readSession });
  const router = createAppRouter({
    store,
    readSession,
    notifyUserInfoFailure: () => {
      if (antdApis) showUserInfoFailure(antdApis.notification, t);
    },
  });

  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n} antdLocale={antdLocale} onAntdReady={bindAntdApis}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void bootstrap(container);
