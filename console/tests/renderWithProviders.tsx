import { render } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import type { ReactElement } from 'react';
import type { ApiFeedback } from '../src/apiClient/apiFeedback';
import { AppProviders } from '../src/app/AppProviders';
import { createAppStore, type AppStore } from '../src/app/store';
import type { AntdFeedbackApis } from '../src/feedback/antdApiFeedback';
import { createI18n } from '../src/i18n/createI18n';
import { combineMessages } from '../src/i18n/loadMessages';
import adminEn from '../src/i18n/locales/admin.en.json';
import en from '../src/i18n/locales/en.json';
import namespacesEn from '../src/i18n/locales/namespaces.en.json';
import podsEn from '../src/i18n/locales/pods.en.json';
import resourcesEn from '../src/i18n/locales/resources.en.json';
import resourceFormsEn from '../src/i18n/locales/resourceForms.en.json';
import type { Session } from '../src/session/session';
import { createFeedbackSpy } from './feedbackSpy';

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
  const i18n = createI18n(
    'en',
    combineMessages({
      base: en,
      admin: adminEn,
      resources: resourcesEn,
      namespaces: namespacesEn,
      pods: podsEn,
      resourceForms: resourceFormsEn,
    }),
  );
  const result = render(
    <AppProviders store={store} i18n={i18n} antdLocale={enUS} onAntdReady={options.onAntdReady}>
      {ui}
    </AppProviders>,
  );
  return { ...result, store, i18n };
}
