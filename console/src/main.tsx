import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createAppStore } from './app/store';
import { API_BASE_PATH } from './constants';
import { createAntdApiFeedback, type AntdFeedbackApis } from './feedback/antdApiFeedback';
import { createI18n } from './i18n/createI18n';
import { detectBrowserLanguage } from './i18n/detectLanguage';
import { loadLanguageBundle } from './i18n/loadMessages';
import { pageReload } from './lib/pageReload';
import { createAppRouter } from './routes/router';
import { clearSession, readSession } from './session/session';

let antdApis: AntdFeedbackApis | undefined;
const bindAntdApis = (apis: AntdFeedbackApis): void => {
  antdApis = apis;
};

async function bootstrap(container: HTMLElement): Promise<void> {
  const language = detectBrowserLanguage();
  document.documentElement.lang = language;
  const { messages, antdLocale } = await loadLanguageBundle(language);
  const i18n = createI18n(language, messages);

  const feedback = createAntdApiFeedback({
    apis: () => antdApis,
    t: i18n.t.bind(i18n),
    reLogin: () => {
      clearSession();
      pageReload.reload();
    },
  });
  const store = createAppStore({ feedback, baseUrl: API_BASE_PATH, readSession });
  const router = createAppRouter();

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
