import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { AntdApisBridge } from '../feedback/AntdApisBridge';
import type { AntdFeedbackApis } from '../feedback/antdApiFeedback';
import { ThemeModeProvider } from '../theme/ThemeModeProvider';
import type { AppStore } from './store';

export interface AppProvidersProps {
  store: AppStore;
  i18n: i18n;
  antdLocale: Locale;
  /** Receives antd's context-aware message, notification and modal APIs once rendered. */
  onAntdReady?: (apis: AntdFeedbackApis) => void;
  children: ReactNode;
}

/** The contexts every screen relies on: store, translations, antd (in the same language) and the theme. */
export function AppProviders({
  store,
  i18n,
  antdLocale,
  onAntdReady,
  children,
}: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocale}>
          <ThemeModeProvider>
            <App>
              {onAntdReady && <AntdApisBridge onReady={onAntdReady} />}
              {children}
            </App>
          </ThemeModeProvider>
        </ConfigProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}
