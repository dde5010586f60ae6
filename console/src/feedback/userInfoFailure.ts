import type { TFunction } from 'i18next';
import type { AntdFeedbackApis } from './antdApiFeedback';

/** The notification titled Error shown when user info cannot be loaded. */
export function showUserInfoFailure(
  notification: AntdFeedbackApis['notification'],
  t: TFunction,
): void {
  notification.error({ title: t('shell.errorTitle'), description: t('shell.userInfoError') });
}
