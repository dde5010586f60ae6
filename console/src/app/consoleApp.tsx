import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { RouterProvider } from 'react-router/dom';
import { refusedCluster } from '../access/refusedCluster';
import type { ApiDependencies } from '../apiClient/apiDependencies';
import type { ApiFeedback } from '../apiClient/apiFeedback';
import { createAntdApiFeedback, type AntdFeedbackApis } from '../feedback/antdApiFeedback';
import { mountAntdFeedbackHost } from '../feedback/antdFeedbackHost';
import { showUserInfoFailure } from '../feedback/userInfoFailure';
import { loadAntdLocale } from '../i18n/antdLocale';
import type { Language } from '../i18n/languages';
import { pageReload } from '../lib/pageReload';
import { preloadPageAt } from '../routes/preloadPage';
import { createAppRouter } from '../routes/router';
import { readSession } from '../session/session';
import { forgetSignedInUser } from '../session/signedInRecords';
import { appActions } from '../appState/appSlice';
import { AppProviders } from './AppProviders';
import { createAppStore, type AppStore } from './store';

/**
 * The console behind the sign-in screen: router, antd and every page. Loaded by bootstrap.tsx
 * at once for a signed-in visitor, and after first paint (or at sign-in) for everyone else.
 */
export interface ConsoleContext {
  /** The API environment of the page; the console's store is created with it (storeOf). */
  dependencies: ApiDependencies;
  i18n: i18n;
  language: Language;
  /** antd's message, notification and modal APIs, once an antd App has rendered. */
  antdApis: () => AntdFeedbackApis | undefined;
  bindAntdApis: (apis: AntdFeedbackApis) => void;
  /** Another root the console mounted, to be unmounted with the console's own. */
  addRoot: (unmount: () => void) => void;
}

const stores = new WeakMap<ConsoleContext, AppStore>();

/**
 * The page's one store, created with the console: Redux and RTK Query are not in the sign-in
 * screen's scripts (docs/performance.md "Console start-up").
 */
function storeOf(context: ConsoleContext): AppStore {
  let store = stores.get(context);
  if (!store) {
    store = createAppStore(context.dependencies);
    stores.set(context, store);
  }
  return store;
}

/** The console for the address the browser is at now. */
export async function consoleElement(context: ConsoleContext): Promise<ReactElement> {
  const { i18n } = context;
  const store = storeOf(context);
  // The page's chunk arrives while antd's texts load, not after.
  preloadPageAt(window.location.pathname);
  const antdLocale = await loadAntdLocale(context.language);
  const router = createAppRouter({
    store,
    readSession,
    notifyUserInfoFailure: () => {
      const apis = context.antdApis();
      if (apis) showUserInfoFailure(apis.notification, i18n.t.bind(i18n));
    },
  });
  return (
    <AppProviders
      store={store}
      i18n={i18n}
      antdLocale={antdLocale}
      onAntdReady={context.bindAntdApis}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * The API feedback drawn by antd. Before the console has rendered (on the sign-in screen)
 * antd's App is started on its own for it.
 */
export async function consoleFeedback(context: ConsoleContext): Promise<ApiFeedback> {
  const { i18n } = context;
  const store = storeOf(context);
  if (!context.antdApis()) {
    const host = await mountAntdFeedbackHost(await loadAntdLocale(context.language));
    context.addRoot(host.unmount);
    context.bindAntdApis(host.apis);
  }
  return createAntdApiFeedback({
    apis: context.antdApis,
    t: i18n.t.bind(i18n),
    // After the token-expired prompt, log out and reload (the token is already invalid,
    // so only the local session is cleared).
    reLogin: () => {
      forgetSignedInUser();
      pageReload.reload();
    },
    openPasswordChange: () => store.dispatch(appActions.settingsOpened('password')),
    explainRefusal: ({ url, refusal }) =>
      store.dispatch(
        appActions.whyOpened(refusal ? { cluster: refusal.cluster, refusal } : refusedCluster(url)),
      ),
  });
}
