import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { ApiDependencies } from '../apiClient/apiDependencies';
import { ApiDependenciesContext } from '../apiClient/apiDependenciesContext';
import type { ApiFeedback } from '../apiClient/apiFeedback';
import type { AntdFeedbackApis } from '../feedback/antdApiFeedback';
import { deferredFeedback } from '../feedback/deferredFeedback';
import { addConsoleMessages, createI18n } from '../i18n/createI18n';
import { detectBrowserLanguage } from '../i18n/detectLanguage';
import {
  loadConsoleMessages,
  loadSignInMessages,
  type ConsoleMessages,
} from '../i18n/loadMessages';
import { pageReload } from '../lib/pageReload';
import { SignInScreen } from '../pages/login/SignInScreen';
import type { CallbackBody } from '../pages/login/signInCallback';
import { signInCallbackOf } from '../pages/login/signInCallback';
import { loadChunk } from '../routes/loadChunk';
import { HOME_PATH, LOGIN_PATH } from '../routes/paths';
import { dropLegacyToken, isSignedIn, readSession } from '../session/session';
import {
  applyThemeMode,
  followSystemColorScheme,
  startingThemeMode,
} from '../theme/themePreference';
import type { ConsoleContext } from './consoleApp';

/** What bootstrap needs of the lazily loaded console (app/consoleApp.tsx). */
export interface ConsoleModule {
  consoleElement: (context: ConsoleContext) => Promise<ReactElement>;
  consoleFeedback: (context: ConsoleContext) => Promise<ApiFeedback>;
}

export interface BootstrapOptions {
  container: HTMLElement;
  /** `/api/v1` in the browser; a loopback server's in tests. */
  baseUrl: string;
  loadConsole: () => Promise<ConsoleModule>;
}

/** Runs when the browser has nothing else to do, so loading never competes with first paint. */
const whenIdle = (task: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task);
  else setTimeout(task, 0);
};

function SignInDocument({
  onSignedIn,
  callback,
}: {
  onSignedIn: () => Promise<void>;
  callback: CallbackBody | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* The tab's name is the route's (routes.login), which is with the console's messages. */}
      <title>{t('app.documentTitle', { page: t('login.tabs.signIn') })}</title>
      <SignInScreen onSignedIn={onSignedIn} callback={callback} />
    </>
  );
}

/** The console as it runs on the page. */
export interface RunningConsole {
  /** Unmounts every root the console mounted (the page's and antd's feedback host). */
  unmount: () => void;
}

/**
 * Starts the console. A visitor who is not signed in gets the sign-in screen first, drawn
 * without antd and the router (without a session every address leads to /login),
 * while the rest of the console loads when the browser is idle; signing in then opens it at
 * /home in the same page. A signed-in visitor gets the console straight away.
 */
export async function bootstrap({
  container,
  baseUrl,
  loadConsole,
}: BootstrapOptions): Promise<RunningConsole> {
  const language = detectBrowserLanguage();
  document.documentElement.lang = language;
  applyThemeMode(startingThemeMode());
  followSystemColorScheme();
  dropLegacyToken();
  // Back from an identity provider: the sign-in screen finishes it, whatever this browser
  // remembers of an earlier session.
  const callback = signInCallbackOf(window.location);
  const signedIn = !callback && isSignedIn(readSession());
  // The console's messages come with the console: the sign-in screen needs only its own.
  let consoleMessages: Promise<ConsoleMessages> | undefined;
  const messagesOfConsole = () =>
    // Bounded like the console's own chunk (main.tsx): a stalled request fails, and signing in
    // then starts over at /home instead of waiting on a busy form.
    (consoleMessages ??= loadChunk(() => loadConsoleMessages(language)).catch((error: unknown) => {
      consoleMessages = undefined;
      throw error;
    }));
  // All start at once: the console's scripts are needed as soon as the messages are.
  const signInMessages = loadSignInMessages(language);
  const consoleModule = signedIn ? loadConsole() : undefined;
  if (signedIn) messagesOfConsole().catch(() => undefined);
  const i18n = createI18n(language, await signInMessages);
  const loadFullConsole = async (): Promise<ConsoleModule> => {
    const [module, messages] = await Promise.all([
      consoleModule ?? loadConsole(),
      messagesOfConsole(),
    ]);
    addConsoleMessages(i18n, messages);
    return module;
  };

  let antdApis: AntdFeedbackApis | undefined;
  const otherRoots: (() => void)[] = [];
  // The feedback needs the store (to open the settings) and the store needs the feedback; the
  // feedback is only loaded once a request has failed, after both exist.
  const feedback = deferredFeedback(async () => (await loadFullConsole()).consoleFeedback(context));
  const dependencies: ApiDependencies = { feedback, baseUrl, readSession };
  const context: ConsoleContext = {
    dependencies,
    i18n,
    language,
    antdApis: () => antdApis,
    bindAntdApis: (apis) => {
      antdApis = apis;
    },
    addRoot: (unmount) => otherRoots.push(unmount),
  };
  const root = createRoot(container);
  const running: RunningConsole = {
    unmount: () => {
      root.unmount();
      for (const unmount of otherRoots.splice(0)) unmount();
    },
  };
  const render = (element: ReactElement) => root.render(<StrictMode>{element}</StrictMode>);

  if (signedIn) {
    render(await (await loadFullConsole()).consoleElement(context));
    return running;
  }
  // The provider's code and state leave the address bar (and the history) at once.
  if (window.location.pathname !== LOGIN_PATH || callback) {
    window.history.replaceState(null, '', LOGIN_PATH);
  }
  const openConsoleAtHome = () => openConsole(render, loadFullConsole, context);
  render(
    <ApiDependenciesContext value={dependencies}>
      <I18nextProvider i18n={i18n}>
        <SignInDocument onSignedIn={openConsoleAtHome} callback={callback} />
      </I18nextProvider>
    </ApiDependenciesContext>,
  );
  whenIdle(() => {
    loadFullConsole().catch(() => undefined);
  });
  return running;
}

/** After signing in: the console at /home, in place of the sign-in screen. */
async function openConsole(
  render: (element: ReactElement) => void,
  loadConsole: () => Promise<ConsoleModule>,
  context: ConsoleContext,
): Promise<void> {
  try {
    const { consoleElement } = await loadConsole();
    window.history.pushState(null, '', HOME_PATH);
    render(await consoleElement(context));
  } catch {
    // The scripts could not be loaded (a new release, the network): start over at /home, where
    // the session now leads.
    if (window.location.pathname !== HOME_PATH) window.history.pushState(null, '', HOME_PATH);
    pageReload.reload();
  }
}
