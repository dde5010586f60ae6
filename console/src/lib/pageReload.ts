/** Full page reloads go through here so tests can observe them (jsdom cannot navigate). */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
