/**
 * Whether the browser is leaving the page: from `beforeunload` or `pagehide` until `pageshow`
 * (the page shown again, e.g. from the back-forward cache). The browser cancels the requests
 * of a page it leaves, and those look like network failures (docs/decisions/aborted-requests.md).
 */
let leaving = false;

if (typeof window !== 'undefined') {
  const startLeaving = () => {
    leaving = true;
  };
  window.addEventListener('beforeunload', startLeaving);
  window.addEventListener('pagehide', startLeaving);
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export const isPageLeaving = (): boolean => leaving;
