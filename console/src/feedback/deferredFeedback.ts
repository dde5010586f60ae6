import type { ApiFeedback } from '../apiClient/apiFeedback';

/**
 * API feedback whose implementation (antd) is loaded on first use, so the store can exist
 * before antd does: the sign-in screen starts without it. Calls are passed on, in order, once
 * it has arrived.
 */
export function deferredFeedback(load: () => Promise<ApiFeedback>): ApiFeedback {
  let loaded: Promise<ApiFeedback> | undefined;
  const later = (call: (feedback: ApiFeedback) => void): void => {
    loaded ??= load();
    loaded.then(call, (error: unknown) => {
      // Nothing else can tell the user; leave a trace, and try again next time.
      console.error('The console could not load its error messages', error);
      loaded = undefined;
    });
  };
  return {
    tokenExpired: () => later((feedback) => feedback.tokenExpired()),
    noPermission: (refused) => later((feedback) => feedback.noPermission(refused)),
    passwordChangeRequired: () => later((feedback) => feedback.passwordChangeRequired()),
    requestFailed: (failure) => later((feedback) => feedback.requestFailed(failure)),
  };
}
