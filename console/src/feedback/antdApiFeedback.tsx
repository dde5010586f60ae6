import type { App } from 'antd';
import type { TFunction } from 'i18next';
import type { ApiFeedback } from '../api/apiFeedback';

/** The context-aware antd APIs returned by `App.useApp()`. */
export type AntdFeedbackApis = ReturnType<typeof App.useApp>;

export interface AntdApiFeedbackOptions {
  /** The antd APIs, once the antd `App` has rendered; undefined before. */
  apis: () => AntdFeedbackApis | undefined;
  t: TFunction;
  /** Ends the session and starts over at the sign-in page. */
  reLogin: () => void;
  /** Opens the change-password form of the personal settings. */
  openPasswordChange: () => void;
}

const NO_PERMISSION_KEY = 'api-no-permission';
const PASSWORD_CHANGE_KEY = 'api-password-change';

/** Shows SPEC §8's API feedback with antd: a re-login prompt, a message, a notification. */
export function createAntdApiFeedback({
  apis,
  t,
  reLogin,
  openPasswordChange,
}: AntdApiFeedbackOptions): ApiFeedback {
  let reLoginPromptOpen = false;
  return {
    tokenExpired() {
      const ui = apis();
      if (!ui || reLoginPromptOpen) return;
      reLoginPromptOpen = true;
      void ui.modal.warning({
        title: t('api.tokenExpiredTitle'),
        content: <span data-testid="token-expired-modal">{t('api.tokenExpired')}</span>,
        okText: t('api.relogin'),
        closable: false,
        keyboard: false,
        mask: { closable: false },
        onOk: reLogin,
      });
    },
    noPermission() {
      apis()?.message.error({ content: t('api.noPermission'), key: NO_PERMISSION_KEY });
    },
    passwordChangeRequired() {
      apis()?.message.warning({
        content: t('api.passwordChangeRequired'),
        key: PASSWORD_CHANGE_KEY,
      });
      openPasswordChange();
    },
    requestFailed({ url, message, durationMs }) {
      apis()?.notification.error({
        title: t('api.requestFailed'),
        description: (
          <>
            <div>{url}</div>
            <div>{message}</div>
          </>
        ),
        duration: durationMs / 1000,
      });
    },
  };
}
