import { render } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import type { ReactElement } from 'react';
import type { ApiFeedback } from '../src/apiClient/apiFeedback';
import { AppProviders } from '../src/app/AppProviders';
import { createAppStore, type AppStore } from '../src/app/store';
import type { AntdFeedbackApis } from '../src/feedback/antdApiFeedback';
import { createI18n } from '../src/i18n/createI18n';
import type { Session } from '../src/session/session';
import { createFeedbackSpy } from './feedbackSpy';
import { messagesIn } from './messages';

export interface ProvidersOptions {
  /** Origin of a loopback server answering the API, e.g. http://127.0.0.1:40000 */
  apiOrigin?: string;
  session?: Session;
  feedback?: ApiFeedback;
  onAntdReady?: (apis: AntdFeedbackApis) => void;
  /** A store made by the test (e.g. shared with a router); `apiOrigin` and `session` are then unused. */
  store?: AppStore;
}

/** Renders `ui` inside the app's real providers, in English, talking to a loopback API. */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const store =
    options.store ??
    createAppStore({
      feedback: options.feedback ?? createFeedbackSpy(),
      // Nothing listens on port 9 (discard), so unexpected calls fail fast instead of hanging.
      baseUrl: `${options.apiOrigin ?? 'http://127.0.0.1:9'}/api/v1`,
      readSession: () => options.session ?? {},
    });
  const i18n = createI18n('en', messagesIn.en);
  const result = render(
    <AppProviders store={store} i18n={i18n} antdLocale={enUS} onAntdReady={options.onAntdReady}>
      {ui}
    </AppProviders>,
  );
  return { ...result, store, i18n };
}
