import { Button, type App } from 'antd';
import type { TFunction } from 'i18next';
import { refusalText } from '../access/refusalText';
import type { ApiFeedback, RefusedRequest } from '../apiClient/apiFeedback';
import { serverMessage } from './serverMessage';

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
  /** Opens the "Why?" explanation of a refused request; without it no link is offered. */
  explainRefusal?: (refused: RefusedRequest) => void;
}

const NO_PERMISSION_KEY = 'api-no-permission';
const PASSWORD_CHANGE_KEY = 'api-password-change';

/**
 * Shows the API feedback with antd: a re-login prompt, a message, a notification. A 9997
 * that a member cluster answered says what it refused (verb, resource, namespace), translated.
 */
export function createAntdApiFeedback({
  apis,
  t,
  reLogin,
  openPasswordChange,
  explainRefusal,
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
    noPermission(refused) {
      const ui = apis();
      if (!ui) return;
      const why = explainRefusal && (
        <Button
          type="link"
          size="small"
          data-testid="no-permission-why"
          onClick={() => {
            ui.message.destroy(NO_PERMISSION_KEY);
            explainRefusal(refused);
          }}
        >
          {t('api.why')}
        </Button>
      );
      void ui.message.error({
        content: (
          <span data-testid="no-permission-message">
            {refused.refusal ? refusalText(refused.refusal, t) : t('api.noPermission')}
            {why}
          </span>
        ),
        key: NO_PERMISSION_KEY,
        duration: why ? 6 : 3,
      });
    },
    passwordChangeRequired() {
      apis()?.message.warning({
        content: t('api.passwordChangeRequired'),
        key: PASSWORD_CHANGE_KEY,
      });
      openPasswordChange();
    },
    requestFailed({ url, code, message, detail, durationMs }) {
      apis()?.notification.error({
        title: t('api.requestFailed'),
        description: (
          <>
            <div>{url}</div>
            <div data-testid="request-failed-message">
              {code === undefined ? message : serverMessage({ code, message, detail }, t)}
            </div>
          </>
        ),
        duration: durationMs / 1000,
      });
    },
  };
}
